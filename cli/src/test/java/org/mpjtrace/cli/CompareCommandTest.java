package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
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
}
