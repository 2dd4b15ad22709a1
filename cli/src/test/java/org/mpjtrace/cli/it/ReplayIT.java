package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mpjtrace.cli.Main;
import org.mpjtrace.cli.job.JobRequest;
import org.mpjtrace.cli.profile.Profile;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.OwnArguments;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.io.TraceReader;

/**
 * Replay on real jobs: a full-mode trace of each example (with its dump kept, keepDump) is replayed with
 * the replay itself traced in dump mode, and every rank of the replay makes the same calls, with the
 * same peers relative to itself and the same counts, as the rank made in the original run.
 */
@ExtendWith(NiodevDaemon.class)
class ReplayIT {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} on 4 ranks")
    @EnumSource(Examples.class)
    void replayMakesTheRecordedCalls(Examples ex) {
        replayEqualsOriginal(ex, 4, JobRequest.MULTICORE, null);
    }

    @Test
    void niodev() {
        replayEqualsOriginal(Examples.STENCIL_2D, 4, JobRequest.NIODEV, NiodevDaemon.machines());
    }

    @Test
    void aRankCountOtherThanTheRecordedOneIsRefused() {
        Path original = dir.resolve("Ring.mpjt");
        MpjJobs.assertSucceeded(MpjJobs.run("Ring", 4, "multicore", null, original, "full", null, List.of("steps=2")));
        StringWriter out = new StringWriter(), err = new StringWriter();
        picocli.CommandLine cl = Main.newCommandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        assertEquals(2, cl.execute("replay", original.toString(), "-np", "8"));
        assertEquals("mpjtrace: " + original + ": was recorded on 4 ranks and replays on 4 only, not -np 8", err.toString().trim());
    }

    @Test
    void commandPrintsTheWallTimeBesideTheTracedRunsSameSpan() throws Exception {
        Path original = dir.resolve("Stencil2D.mpjt");
        MpjJobs.assertSucceeded(MpjJobs.run("Stencil2D", 4, "multicore", null, original, "chameleon",
                "marker=site:Stencil2D.main,callFrequency=2", List.of("steps=60", "n=8")));
        StringWriter out = new StringWriter(), err = new StringWriter();
        picocli.CommandLine cl = Main.newCommandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        assertEquals(0, cl.execute("replay", original.toString(), "--timing", "sample"), err.toString());
        assertTrue(out.toString().matches("(?s).*replay of \\S+: 4 ranks \\(multicore\\), wall time \\d+\\.\\d{3} s .*"), out.toString());
        // Beside it the same span of the traced run: rank 0's MPI.Init to MPI.Finalize, from the calls' mean
        // times, which hold no set-up to take off (taken off twice, short runs showed 0.000 s).
        TraceFile trace = TraceReader.read(original);
        RankTrace rank0 = trace.rank(0);
        long traced = Profile.timesOf(trace, rank0).appNanos();
        assertTrue(rank0.stats().setupNanos() > 0);
        assertTrue(out.toString().contains(String.format(" against the traced run's %.3f s (rank 0's MPI.Init to MPI.Finalize from its calls' mean times, "
                + "which leave the tracer's set-up out; ", traced / 1e9)), out.toString());
    }

    /**
     * K 2 on a ring of 4: rank 0 (which starts each lap) leads itself, rank 1 leads 1 to 3. Rank 3 passes
     * the token to rank 0, which it records as "r+1" like ranks 1 and 2 (offsets count round COMM_WORLD),
     * so replaying rank 1's calls in its place gives rank 3 its own calls.
     */
    @Test
    void aClusteredRingReplaysEveryRanksOwnCalls() {
        List<String> args = List.of("steps=5");
        MpjJobs.Run original = MpjJobs.run("Ring", 4, "multicore", null, dir.resolve("Ring-full.mpjt"), "full", "keepDump=true", args);
        MpjJobs.assertSucceeded(original);
        Path clustered = dir.resolve("Ring-k2.mpjt");
        MpjJobs.Run run = MpjJobs.run("Ring", 4, "multicore", null, clustered, "chameleon", "marker=none,k=2", args);
        MpjJobs.assertSucceeded(run);
        TraceFile trace = run.result().trace();
        assertEquals(2, trace.markers().clusteringOf(trace.markers().records().get(0)).clusters().size(), "K 2: two clusters");
        assertReplayMakesTheCallsOf(original.result().trace(), trace, clustered, 4, "multicore", null);
    }

    /**
     * CGTranspose splits COMM_WORLD into rows (colour = row, key = column) and exchanges with its
     * transpose partner. In chameleon, ranks that share a lead (the diagonal's) gave Split other
     * arguments than their lead, and each replays with its own (its section's own arguments; before,
     * every member split with its lead's colour and key, and MPJ's Split failed). In acurdion, with K 9
     * some leads stand for ranks with other partners, and each replays its own partner, which its
     * section's stack summary keeps since it never varied (before, the replay stalled).
     */
    @Test
    void aClusteredCgTransposeReplaysEveryRanksOwnSplitAndPartner() {
        List<String> args = List.of("steps=20", "n=16");
        MpjJobs.Run original = MpjJobs.run("CGTranspose", 16, "multicore", null, dir.resolve("CG-full.mpjt"), "full", "keepDump=true", args);
        MpjJobs.assertSucceeded(original);
        for (String mode : List.of("chameleon", "acurdion")) {
            Path clustered = dir.resolve("CG-" + mode + ".mpjt");
            MpjJobs.Run run = MpjJobs.run("CGTranspose", 16, "multicore", null, clustered, mode, "marker=site:CGTranspose.run,callFrequency=5", args);
            MpjJobs.assertSucceeded(run);
            TraceFile trace = run.result().trace();
            Clustering last = trace.markers().clusterings().get(trace.markers().clusterings().size() - 1);
            assertTrue(last.clusters().stream().anyMatch(c -> c.members().size() > 1), mode + ": some ranks share a lead");
            assertEquals(List.of(new OwnArguments(Op.SPLIT.code, -1, -1, -1, -1, 2, 1, 0, 1)), trace.rank(9).ownArguments(),
                    mode + ": rank 9 (row 2, column 1) keeps its own Split");
            // Chameleon's clusters here agree in partners: the file keeps no stack summary of any rank.
            if (mode.equals("chameleon"))
                for (RankTrace r : trace.ranks()) assertEquals(List.of(), r.stackSummaries(), "rank " + r.rank() + " behaves as its lead");
            assertReplayMakesTheCallsOf(original.result().trace(), trace, clustered, 16, "multicore", null);
        }
    }

    /**
     * MasterWorker's workers share one lead (the chameleon issue's two clusters) but took different
     * numbers of tasks: each replays the task loop as often as its own calls say, so the master's
     * recorded messages pair up with them (before, the replay stalled).
     */
    @Test
    void aClusteredMasterWorkerReplaysEveryWorkersOwnTasks() {
        Path clustered = dir.resolve("MW-chameleon.mpjt");
        MpjJobs.Run run = MpjJobs.run("MasterWorker", 8, "multicore", null, clustered, "chameleon", "marker=none,k=2",
                List.of("tasks=120", "compute=2000", "--calls"));
        MpjJobs.assertSucceeded(run);
        TraceFile trace = run.result().trace();
        assertEquals(2, trace.markers().clusterings().get(0).clusters().size(), "master and workers");
        assertEquals(List.of(), trace.rank(0).stackSummaries(), "the master leads itself: the trace gets it right");
        Map<Integer, List<String>> printed = CallLists.printed(run.out());
        assertTrue(printed.values().stream().skip(1).map(List::size).distinct().count() > 1, "the workers took different numbers of tasks");
        Map<Integer, List<String>> replayed = CallLists.traced(TracedReplay.of(trace, clustered, dir, 8, "multicore", null));
        // The master's ANY_SOURCE receives are replayed from the source each matched (README: replay).
        List<String> master = replayed.get(0).stream().map(c -> c.startsWith("Recv ") ? c.replaceFirst("^Recv \\d+ ", "Recv -2 ") : c).toList();
        assertEquals(printed.get(0), master, "rank 0: the calls it made in the traced run");
        for (int r = 1; r < 8; r++) assertEquals(printed.get(r), replayed.get(r), "rank " + r + ": the calls it made in the traced run");
    }

    /**
     * ApiTour on 4 ranks: ranks 0 and 2 agree in Call-Path and end-points (round 4 ranks, +2 is -2) and
     * share a lead, but give Gatherv, Scatterv, Split and Create_intercomm other arguments; each replays
     * with its own.
     */
    @Test
    void aClusteredApiTourReplaysEveryRanksOwnArguments() {
        MpjJobs.Run original = MpjJobs.run("ApiTour", 4, "multicore", null, dir.resolve("Api-full.mpjt"), "full", "keepDump=true", List.of());
        MpjJobs.assertSucceeded(original);
        Path clustered = dir.resolve("Api-chameleon.mpjt");
        MpjJobs.Run run = MpjJobs.run("ApiTour", 4, "multicore", null, clustered, "chameleon", "marker=none", List.of());
        MpjJobs.assertSucceeded(run);
        TraceFile trace = run.result().trace();
        Clustering c = trace.markers().clusterings().get(0);
        assertEquals(0, c.clusterOf(2).lead(), "rank 2 is led by rank 0: " + c.clusters());
        assertReplayMakesTheCallsOf(original.result().trace(), trace, clustered, 4, "multicore", null);
    }

    @Test
    void compareFindsAClusteredTraceFaithfulAndReplaysBoth() {
        Path full = dir.resolve("full.mpjt"), clustered = dir.resolve("chameleon.mpjt");
        List<String> args = List.of("steps=60", "n=16");
        MpjJobs.assertSucceeded(MpjJobs.run("Stencil2D", 4, "multicore", null, full, "full", null, args));
        MpjJobs.assertSucceeded(MpjJobs.run("Stencil2D", 4, "multicore", null, clustered, "chameleon",
                "marker=site:Stencil2D.main,callFrequency=1", args));
        StringWriter out = new StringWriter(), err = new StringWriter();
        picocli.CommandLine cl = Main.newCommandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        assertEquals(0, cl.execute("compare", full.toString(), clustered.toString(), "--replay", "--rounds", "2"), err.toString());
        String text = out.toString();
        // With K 9 on 4 ranks every rank leads its own cluster: the clustered trace is exact.
        for (String p : List.of("COUNT", "# EVENTS", "SRC", "DEST", "TAG"))
            assertTrue(text.matches("(?s).*\\n  " + Pattern.quote(p) + " +100\\.00%.*"), p + "\n" + text);
        // Two rounds: each trace replayed twice, in turn, and ACC of the two medians (the mean of two times each).
        Matcher times = Pattern.compile(
                "\\nreplay wall times in s: A (\\d+\\.\\d{3}) (\\d+\\.\\d{3}); B (\\d+\\.\\d{3}) (\\d+\\.\\d{3})\\n").matcher(text);
        assertTrue(times.find(), text);
        double medianA = (Double.parseDouble(times.group(1)) + Double.parseDouble(times.group(2))) / 2;
        double medianB = (Double.parseDouble(times.group(3)) + Double.parseDouble(times.group(4))) / 2;
        Matcher acc = Pattern.compile(
                "\\nACC -?\\d+\\.\\d\\d% \\(medians of 2 replay wall times: A (\\d+\\.\\d{3}) s, B (\\d+\\.\\d{3}) s\\)\\n").matcher(text);
        assertTrue(acc.find(), text);
        assertEquals(medianA, Double.parseDouble(acc.group(1)), 0.0011, text);
        assertEquals(medianB, Double.parseDouble(acc.group(2)), 0.0011, text);
    }

    /** With a core a rank (2 ranks, on a machine of 2 cores or more) each rank rebuilds its calls before the clock starts, and makes the traced ones. */
    @Test
    void withACoreARankTheReplayRebuildsItsCallsBeforeTheClockAndMakesTheTracedCalls() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "needs 2 cores");
        Path file = dir.resolve("ring2.mpjt");
        MpjJobs.Run run = MpjJobs.run("Ring", 2, "multicore", null, file, "full", "keepDump=true", List.of("steps=40"));
        MpjJobs.assertSucceeded(run);
        TraceFile trace = run.result().trace();
        assertReplayMakesTheCallsOf(trace.keptDump(), trace, file, 2, JobRequest.MULTICORE, null);
        StringWriter out = new StringWriter(), err = new StringWriter();
        picocli.CommandLine cl = Main.newCommandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        assertEquals(0, cl.execute("replay", file.toString()), err.toString());
        assertTrue(out.toString().contains("s of them computation; calls rebuilt before the clock)"), out.toString());
    }

    /** On the example's shared run ({@link FullRuns}), which other classes check for other things. */
    private void replayEqualsOriginal(Examples ex, int ranks, String device, Path machines) {
        MpjJobs.Run run = FullRuns.of(ex, ranks, device, machines);
        MpjJobs.assertSucceeded(run);
        TraceFile trace = run.result().trace();
        assertNotNull(trace.global());
        assertReplayMakesTheCallsOf(trace, trace, run.result().traceFile(), ranks, device, machines);
    }

    /** Replays {@code replayed} (read from {@code file}), traced in dump mode: each rank makes the calls it made in {@code original}. */
    private void assertReplayMakesTheCallsOf(TraceFile original, TraceFile trace, Path file, int ranks, String device, Path machines) {
        TraceFile replay = TracedReplay.of(trace, file, dir, ranks, device, machines);
        Map<Integer, List<String>> want = relativeCalls(original), got = relativeCalls(replay);
        for (int r = 0; r < ranks; r++)
            assertEquals(want.get(r), got.get(r), file.getFileName() + " rank " + r + ": op, relative peer, count");
    }

    /**
     * Each rank's calls as (op, peer minus rank, count; for communicator constructors and v-collectives
     * also colour, key and the digest of the arrays); MPJ's sentinels as they are, except that a wildcard
     * Recv, Probe or Iprobe counts with the source it matched.
     */
    private static Map<Integer, List<String>> relativeCalls(TraceFile trace) {
        return CallLists.perRank(trace, (rank, w, b) -> {
            int peer = Event.projectedPeer(w, b);
            // A wildcard receive is replayed from the source it matched (recorded in peer2): compare that.
            Op op = Op.ofCode(Event.opCode(w, b));
            if (peer < 0 && Event.peer2(w, b) >= 0 && (op == Op.RECV || op == Op.PROBE || op == Op.IPROBE)) peer = Event.peer2(w, b);
            String call = op.mpjName + " " + (peer >= 0 ? "@" + (peer - rank) : String.valueOf(peer)) + " " + Event.projectedCount(w, b);
            // A communicator made or a v-collective's arrays: the arguments each rank must give of its own.
            if (OwnArguments.kept(op.code))
                call += " colour " + Event.color(w, b) + " key " + Event.key(w, b) + " arrays " + Long.toHexString(Event.digest(w, b));
            return call;
        });
    }
}
