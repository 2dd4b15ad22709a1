package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.TraceFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {

    @TempDir
    Path dir;

    @Test
    void compareOfTwoTracesOfTheSameRunMatchesEverything() throws Exception {
        Path f = TestTraces.write(dir.resolve("t.mpjt"), TestTraces.sample());
        Cli c = Cli.run("compare", f.toString(), f.toString());
        assertEquals(0, c.code, c.toString());
        assertTrue(c.out.contains("ACC 100.00% (traced runs' times: A 2.500 s, B 2.500 s)"), c.out);
        assertTrue(c.out.contains("  LOOP            n/a  (a dump has no loops)"), c.out);
    }

    @Test
    void anInterimTraceIsRefusedInOneLineByCompareAndReplay() throws Exception {
        Path whole = ChameleonTraces.write(dir.resolve("whole.mpjt"), ChameleonTraces.finished());
        Path interim = ChameleonTraces.write(dir.resolve("interim.mpjt"), ChameleonTraces.interim());
        String why = interim + ": interim trace: written at marker 3; the job did not reach MPI.Finalize; ";
        for (String[] args : new String[][] {{"compare", whole.toString(), interim.toString()}, {"compare", interim.toString(), whole.toString()}}) {
            Cli c = Cli.run(args);
            assertEquals(2, c.code, c.toString());
            assertEquals("mpjtrace: " + why + "compare needs the trace of a whole job\n", c.err, c.toString());
            assertEquals("", c.out);
        }
        Cli c = Cli.run("replay", interim.toString());
        assertEquals(2, c.code, c.toString());
        assertEquals("mpjtrace: " + why + "replay needs the trace of a whole job\n", c.err, c.toString());
    }

    @Test
    void keptDumpTakesOneTraceThatKeepsADumpAndSaysInOneLineWhatIsWrongOtherwise() throws Exception {
        Path dump = TestTraces.write(dir.resolve("dump.mpjt"), TestTraces.sample());
        Path clustered = ChameleonTraces.write(dir.resolve("clustered.mpjt"), ChameleonTraces.finished());
        String[][] wrong = {
                {"compare", dump.toString()},
                {"compare", dump.toString(), dump.toString(), "--kept-dump"},
                {"compare", dump.toString(), "--kept-dump", "--replay"},
                {"compare", dump.toString(), "--kept-dump"},
                {"compare", clustered.toString(), "--kept-dump"}};
        String[] why = {
                "mpjtrace: give two traces, A and B (or one with --kept-dump)\n",
                "mpjtrace: --kept-dump compares one trace with the dump it kept: give one trace, without a second\n",
                "mpjtrace: " + dump + ": keeps no dump to compare with (trace with keepDump=true to keep one)\n",
                "mpjtrace: " + dump + ": keeps no dump to compare with (trace with keepDump=true to keep one)\n",
                "mpjtrace: " + clustered + ": keeps no dump to compare with (trace with keepDump=true to keep one)\n"};
        for (int i = 0; i < wrong.length; i++) {
            Cli c = Cli.run(wrong[i]);
            assertEquals(2, c.code, c.toString());
            assertEquals(why[i], c.err, String.join(" ", wrong[i]));
            assertEquals("", c.out);
        }
    }

    /** The sample trace, as if of another program and of a run {@code millis} long. */
    private static TraceFile other(String mainClass, long millis) {
        TraceFile t = TestTraces.sample();
        JobMeta m = t.meta();
        JobMeta changed = new JobMeta(m.mode(), m.device(), m.worldSize(), m.startMillis(), m.startMillis() + millis, mainClass,
                m.agentOptions(), m.tracerVersion(), m.ending(), mainClass);
        return new TraceFile(changed, t.sites(), t.ranks(), t.callPaths(), t.global(), t.markers());
    }

    @Test
    void tracesOfDifferentProgramsAreRefusedUnlessForcedAndAccuracyIsNeverNegative() throws Exception {
        Path a = TestTraces.write(dir.resolve("a.mpjt"), TestTraces.sample());
        Path b = TestTraces.write(dir.resolve("b.mpjt"), other("org.example.Other", 10_000));
        Cli refused = Cli.run("compare", a.toString(), b.toString());
        assertEquals(2, refused.code, refused.toString());
        assertEquals("mpjtrace: " + a + " traced org.example.Solver, " + b + " org.example.Other: different programs "
                + "(--force compares them anyway)\n", refused.err);
        assertEquals("", refused.out);

        // Forced: B took 10 s against A's 2.5 s, four times as long: 1 - 7.5 / 2.5 would be -200%.
        Cli forced = Cli.run("compare", a.toString(), b.toString(), "--force");
        assertEquals(0, forced.code, forced.toString());
        assertTrue(forced.out.contains("ACC 0.00% (traced runs' times: A 2.500 s, B 10.000 s; B took over twice A's time: no accuracy)"),
                forced.out);
    }
}
