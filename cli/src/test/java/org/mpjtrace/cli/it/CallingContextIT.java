package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.job.Installation;
import org.mpjtrace.cli.job.LocalDaemon;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;

/**
 * Calling context on real MPJ jobs of TwoCallers, whose one Sendrecv (in shift) is called from run and,
 * twice, from smooth, and whose one Allreduce (in total) is called from two lines of run: each way in
 * gets a stack signature of its own, whose frames name the callers with their source lines; with
 * stackDepth=0 the call site has one signature, its own. Mode full keeps the same paths for its global trace.
 */
class CallingContextIT {
    private static final String CLASS = "org.mpjtrace.examples.TwoCallers";
    private static final List<String> ARGS = List.of("steps=3", "--calls");

    @TempDir
    Path dir;

    /** The line of TwoCallers.java whose code (trimmed) is exactly {@code code}. */
    private static int line(String code) throws IOException {
        return ExampleSource.lineOf("TwoCallers", code);
    }

    private static CallSite mpjSite(TraceFile trace, String method, String api) {
        for (CallSite s : trace.sites()) if (s.methodName().equals(method) && s.api().equals(api)) return s;
        throw new AssertionError("no " + api + " call site in " + method + ": " + trace.sites());
    }

    /** The distinct stack signatures of the events at {@code site}, over all ranks and the global trace, in order of appearance. */
    private static Set<Long> signaturesAt(TraceFile trace, CallSite site) {
        Set<Long> signatures = new LinkedHashSet<>();
        for (RankTrace r : trace.ranks())
            for (int i = 0; i < r.eventCount(); i++)
                if (Event.site(r.words(), RankTrace.base(i)) == site.id()) signatures.add(Event.stack(r.words(), RankTrace.base(i)));
        if (trace.global() != null) globalSignaturesAt(trace.global().nodes(), site, signatures);
        return signatures;
    }

    private static void globalSignaturesAt(List<GlobalNode> nodes, CallSite site, Set<Long> into) {
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalEvent e && e.site() == site.id()) into.add(e.stack());
            if (n instanceof GlobalLoop l) globalSignaturesAt(l.body(), site, into);
        }
    }

    /** A signature's frames as {@code method:line}, the MPJ call site first, then its callers nearest first. */
    private static List<String> frames(TraceFile trace, long signature) {
        CallPath path = null;
        for (CallPath p : trace.callPaths()) if (p.signature() == signature) path = p;
        assertNotNull(path, "signature " + Long.toHexString(signature) + " has no call path");
        List<String> frames = new ArrayList<>();
        frames.add(frame(trace.site(path.site())));
        for (int caller : path.callers()) frames.add(frame(trace.site(caller)));
        return frames;
    }

    private static String frame(CallSite s) {
        assertNotNull(s);
        assertEquals(CLASS, s.className());
        return s.methodName() + ":" + s.line();
    }

    private static TraceFile traced(Path trace, String device, Path machines, String agentOptions) {
        MpjJobs.Run run = MpjJobs.run("TwoCallers", 4, device, machines, trace, agentOptions, ARGS);
        MpjJobs.assertSucceeded(run);
        assertEquals(List.of(), run.tracerLines(), "the tracer complained");
        assertEquals(CallLists.printed(run.out()), CallLists.traced(run.result().trace()), "decoded calls differ from the program's own");
        return run.result().trace();
    }

    /** What the default stackDepth (3) must give for TwoCallers, on either device. */
    private static void assertEachCallerHasItsSignature(TraceFile trace) throws IOException {
        String shift = "shift:" + line("MPI.COMM_WORLD.Sendrecv(new double[] {x}, 0, 1, MPI.DOUBLE, dest, TAG, in, 0, 1, MPI.DOUBLE, source, TAG);");
        String main = "main:" + line("new TwoCallers(rank, size, log).run(a.getInt(\"steps\", 4), a.getInt(\"compute\", 0));");
        String runShift = "run:" + line("x = shift(x, 1);");
        String runSmooth = "run:" + line("x = smooth(x);");
        String smoothLeft = "smooth:" + line("double fromLeft = shift(x, 1);");
        String smoothRight = "smooth:" + line("double fromRight = shift(x, -1);");

        CallSite sendrecv = mpjSite(trace, "shift", "mpi.Intracomm.Sendrecv");
        Map<List<String>, Long> byFrames = new HashMap<>();
        for (long s : signaturesAt(trace, sendrecv)) byFrames.put(frames(trace, s), s);
        assertEquals(Set.of(List.of(shift, runShift, main), List.of(shift, smoothLeft, runSmooth, main),
                List.of(shift, smoothRight, runSmooth, main)), byFrames.keySet(), "one Sendrecv call site, three ways in");

        String total = "total:" + line("MPI.COMM_WORLD.Allreduce(new double[] {x}, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM);");
        Set<List<String>> allreduce = new java.util.HashSet<>();
        for (long s : signaturesAt(trace, mpjSite(trace, "total", "mpi.Intracomm.Allreduce"))) allreduce.add(frames(trace, s));
        assertEquals(Set.of(List.of(total, "run:" + line("double before = total(x);"), main),
                List.of(total, "run:" + line("double after = total(x);"), main)), allreduce);
    }

    @Test
    void oneCallSiteThroughTwoCallersGivesTwoSignaturesNamingBoth() throws IOException {
        Path file = dir.resolve("two.mpjt");
        TraceFile trace = traced(file, "multicore", null, null);
        assertEachCallerHasItsSignature(trace);

        StringWriter out = new StringWriter();
        picocli.CommandLine cli = org.mpjtrace.cli.Main.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        assertEquals(0, cli.execute("decode", file.toString(), "--rank", "2"));
        String context = "TwoCallers.shift:" + line("MPI.COMM_WORLD.Sendrecv(new double[] {x}, 0, 1, MPI.DOUBLE, dest, TAG, in, 0, 1, MPI.DOUBLE, source, TAG);")
                + " <- TwoCallers.smooth:" + line("double fromRight = shift(x, -1);") + " <- TwoCallers.run:" + line("x = smooth(x);")
                + " <- TwoCallers.main:" + line("new TwoCallers(rank, size, log).run(a.getInt(\"steps\", 4), a.getInt(\"compute\", 0));");
        assertTrue(out.toString().contains("  Sendrecv          " + context + "  send(peer=1 "), out.toString());
    }

    /** Mode full's sections hold no events: the call-path table must come from every rank's paths, cut to the global trace's. */
    @Test
    void modeFullKeepsTheCallPathOfEveryStackItsGlobalTraceNames() throws IOException {
        MpjJobs.Run run = MpjJobs.run("TwoCallers", 4, "multicore", null, dir.resolve("full.mpjt"), "full", "", ARGS);
        MpjJobs.assertSucceeded(run);
        assertEquals(List.of(), run.tracerLines(), "the tracer complained");
        TraceFile trace = run.result().trace();
        assertTrue(trace.ranks().stream().allMatch(r -> r.eventCount() == 0), "mode full keeps no events per rank");
        assertEachCallerHasItsSignature(trace);
    }

    @Test
    void stackDepthZeroGivesTheCallSiteOneSignature() {
        TraceFile trace = traced(dir.resolve("flat.mpjt"), "multicore", null, "stackDepth=0");
        CallSite sendrecv = mpjSite(trace, "shift", "mpi.Intracomm.Sendrecv");
        assertEquals(Set.of(sendrecv.stackSignature()), signaturesAt(trace, sendrecv));
        assertEquals(List.of(), trace.callPaths(), "no call-path table without calling context");
        for (CallSite s : trace.sites()) assertTrue(s.api().startsWith("mpi."), "no caller sites are made: " + s);
    }

    @Test
    void separateJvmsGiveTheSameContextsTheSameSignatures() throws Exception {
        try (LocalDaemon daemon = LocalDaemon.start(Installation.fromEnvironment().mpjHome(), new PrintWriter(new StringWriter()),
                Duration.ofSeconds(90))) {
            TraceFile trace = traced(dir.resolve("nio.mpjt"), "niodev", daemon.machinesFile(), null);
            assertEachCallerHasItsSignature(trace);
            // Every rank (a JVM of its own, numbering sites its own way) made the same calls the same ways.
            long[] first = null;
            for (RankTrace r : trace.ranks()) {
                long[] stacks = new long[r.eventCount()];
                for (int i = 0; i < stacks.length; i++) stacks[i] = Event.stack(r.words(), RankTrace.base(i));
                if (first == null) first = stacks;
                else assertArrayEquals(first, stacks, "rank " + r.rank());
            }
            // Mode full: each JVM's paths reach rank 0 with its section, and the global trace's stacks are explained.
            MpjJobs.Run full = MpjJobs.run("TwoCallers", 4, "niodev", daemon.machinesFile(), dir.resolve("nio-full.mpjt"), "full", "", ARGS);
            MpjJobs.assertSucceeded(full);
            assertEquals(List.of(), full.tracerLines(), "the tracer complained");
            assertEachCallerHasItsSignature(full.result().trace());
        }
    }
}
