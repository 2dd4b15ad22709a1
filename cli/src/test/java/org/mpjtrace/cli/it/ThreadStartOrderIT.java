package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.Cli;
import org.mpjtrace.cli.compare.Comparison;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.global.GlobalEvent;

/**
 * A rank's threads are numbered in the order the rank started them, not as they first call MPJ (the
 * example threads.StartOrder: a watcher that never calls MPJ, then helpers A and B, whose first calls come
 * A first on even ranks and B first on odd ones). Numbered by first call, A and B swapped numbers on every
 * other rank: chameleon put all ranks in one cluster, expanded the odd ranks with their lead's threads (B's
 * tags on A's communicator), and the replay of the clustered trace stalled in a Sendrecv.
 */
class ThreadStartOrderIT {
    private static final int RANKS = 4;
    private static final int STEPS = 12;
    private static final int HELPER_A = 2;
    private static final int HELPER_B = 3;

    @TempDir
    static Path dir;
    private static Path file;
    private static TraceFile trace;

    @BeforeAll
    static void traceTheExampleInModeChameleonWithItsDump() {
        file = dir.resolve("start-order.mpjt");
        MpjJobs.Run run = MpjJobs.run(MpjJobs.PACKAGE + "threads.StartOrder", RANKS, "multicore", null, file, "chameleon",
                "keepDump=true", List.of("steps=" + STEPS));
        MpjJobs.assertSucceeded(run);
        trace = run.result().trace();
    }

    /**
     * A helper the program started before MPI.Init inherited no rank: its calls after MPI.Init went unrecorded,
     * and the trace said nothing of them. Now its first call finds its rank by its communicator's COMM_WORLD.
     */
    @Test
    void aThreadStartedBeforeMpiInitHasEveryCallTraced() {
        Path early = dir.resolve("before-init.mpjt");
        MpjJobs.Run run = MpjJobs.run(MpjJobs.PACKAGE + "threads.BeforeInit", 3, "multicore", null, early, "dump", null, List.of("steps=6"));
        MpjJobs.assertSucceeded(run);
        for (RankTrace r : run.result().trace().ranks()) {
            Map<Integer, Set<String>> threads = commsAndTags(r);
            assertEquals(Map.of(0, Set.of(), 1, Set.of("comm 0 tag 2")), threads, "rank " + r.rank() + ": the main thread and its helper");
            long helperCalls = java.util.stream.IntStream.range(0, r.eventCount())
                    .filter(i -> Event.thread(r.words(), RankTrace.base(i)) == 1).count();
            assertEquals(6, helperCalls, "rank " + r.rank() + ": the helper's Sendrecv calls");
        }
    }

    /** Per thread number, the (comm, tag) pairs of its calls that have a tag. */
    private static Map<Integer, Set<String>> commsAndTags(RankTrace r) {
        Map<Integer, Set<String>> byThread = new TreeMap<>();
        for (int i = 0; i < r.eventCount(); i++) {
            int b = RankTrace.base(i);
            Op op = Op.ofCode(Event.opCode(r.words(), b));
            Set<String> seen = byThread.computeIfAbsent(Event.thread(r.words(), b), t -> new TreeSet<>());
            if (op == Op.IPROBE || op == Op.SENDRECV) seen.add("comm " + Event.comm(r.words(), b) + " tag " + Event.tag(r.words(), b));
        }
        return byThread;
    }

    /** When thread {@code thread} of rank {@code r} made its first call. */
    private static long firstCall(RankTrace r, int thread) {
        for (int i = 0; i < r.eventCount(); i++)
            if (Event.thread(r.words(), RankTrace.base(i)) == thread) return Event.enter(r.words(), RankTrace.base(i));
        throw new AssertionError("rank " + r.rank() + " has no thread " + thread);
    }

    @Test
    void everyRankNumbersItsHelpersAsItStartedThemHoweverTheyRaceToTheirFirstCall() {
        TraceFile dump = trace.keptDump();
        for (RankTrace r : dump.ranks()) {
            // The program makes B call first on odd ranks: numbering by first call would swap them there.
            boolean aFirst = firstCall(r, HELPER_A) < firstCall(r, HELPER_B);
            assertEquals(r.rank() % 2 == 0, aFirst, "rank " + r.rank() + ": helper A calls MPJ first on even ranks only");
            // Comm 1 is A's clone, comm 2 B's; the watcher took thread number 1 and made no call.
            assertEquals(Map.of(0, Set.of(), HELPER_A, Set.of("comm 1 tag 0", "comm 1 tag 100"), HELPER_B, Set.of("comm 2 tag 1", "comm 2 tag 101")),
                    commsAndTags(r), "rank " + r.rank() + ": thread 0 called MPI.Init, 2 is helper A, 3 is helper B");
        }
        String stats = Cli.output("stats", file.toString(), "--per-rank");
        assertTrue(stats.lines().anyMatch(l -> l.matches("\\s+0\\s+\\S+\\s+3\\s+.*")), "rank 0: three threads called MPJ\n" + stats);
    }

    /**
     * The main thread's wait for its helpers is the compute before its Allreduce. Rank 0 scales a clustered
     * trace's histograms by what each rank computed; counted from the rank's last call on any thread, that was
     * the time since a helper's last Sendrecv, and the trace held a few percent of the wait.
     */
    @Test
    void theMainThreadsWaitForItsHelpersIsTheComputeBeforeItsAllreduce() {
        double dumpMean = 0;
        for (RankTrace r : trace.keptDump().ranks()) {
            long lastExit = 0;
            for (int i = 0; i < r.eventCount(); i++) {
                int b = RankTrace.base(i);
                if (Event.thread(r.words(), b) != 0) continue;
                if (Op.ofCode(Event.opCode(r.words(), b)) == Op.ALLREDUCE) dumpMean += (Event.enter(r.words(), b) - lastExit) / (double) RANKS;
                lastExit = Event.exit(r.words(), b);
            }
        }
        GlobalEvent allreduce = trace.global().nodes().stream().filter(n -> n instanceof GlobalEvent e && Op.ofCode(e.op()) == Op.ALLREDUCE)
                .map(n -> (GlobalEvent) n).findFirst().orElseThrow();
        double traced = allreduce.compute().mean();
        assertTrue(traced > dumpMean / 2 && traced < dumpMean * 3 / 2,
                "the clustered trace's compute before the Allreduce, " + traced + " ns, is the ranks' own mean, " + dumpMean + " ns");
    }

    @Test
    void theClusteredTraceKeepsEachHelpersCallsAndItsReplayMakesThem() {
        TraceFile dump = trace.keptDump();
        Comparison c = Comparison.of(dump, trace);
        for (double p : List.of(c.count(), c.events(), c.src(), c.dest(), c.tag())) assertEquals(100.0, p, 1e-9, "COUNT, # EVENTS, SRC, DEST, TAG");
        // Expanded with its lead's threads, an odd rank's helpers would wait on each other's communicators.
        TraceFile replay = TracedReplay.of(trace, file, dir, RANKS, "multicore", null);
        for (RankTrace r : replay.ranks())
            assertEquals(commsAndTags(dump.rank(r.rank())), commsAndTags(r), "rank " + r.rank() + ": the replay's threads, numbered as the trace's");
    }
}
