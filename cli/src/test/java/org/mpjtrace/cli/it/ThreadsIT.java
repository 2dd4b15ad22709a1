package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.Cli;
import org.mpjtrace.cli.format.ExpandedRank;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.ThreadOrder;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;

/**
 * A rank whose two threads call MPJ at once (the Threads example: the main thread's Isend/Irecv/Waitall
 * ring on COMM_WORLD, a helper thread's Sendrecv and Allreduce on a Dup). The calls of both threads went
 * into one sequence with no thread id, in the order the tracer drained their rings; mode full's loops
 * were broken up by the other thread's calls, and the replay deadlocked. Each call now carries its
 * thread, each thread keeps its own order and loops, decode and stats name the thread, and the replay
 * runs each thread's calls on a thread of its own.
 */
class ThreadsIT {
    private static final int RANKS = 3;
    private static final int STEPS = 5;
    private static final int HELPER_STEPS = 7;

    @TempDir
    static Path dir;
    private static Path file;
    private static TraceFile trace;

    @BeforeAll
    static void traceTheExampleInModeFullWithItsDump() {
        file = dir.resolve("threads.mpjt");
        MpjJobs.Run run = MpjJobs.run("Threads", RANKS, "multicore", null, file, "full", "keepDump=true",
                List.of("steps=" + STEPS, "helperSteps=" + HELPER_STEPS));
        MpjJobs.assertSucceeded(run);
        trace = run.result().trace();
    }

    /** Each thread's ops, in the order the rank's records hold them. */
    private static Map<Integer, List<String>> opsByThread(RankTrace r) {
        Map<Integer, List<String>> threads = new TreeMap<>();
        for (int i = 0; i < r.eventCount(); i++) {
            int b = RankTrace.base(i);
            threads.computeIfAbsent(Event.thread(r.words(), b), t -> new ArrayList<>()).add(Op.ofCode(Event.opCode(r.words(), b)).mpjName);
        }
        return threads;
    }

    @Test
    void everyCallSaysWhichThreadMadeItAndEachThreadKeepsItsOwnOrder() {
        List<String> main = new ArrayList<>(List.of("Init", "clone"));
        for (int i = 0; i < STEPS; i++) main.addAll(List.of("Irecv", "Isend", "Waitall"));
        main.addAll(List.of("Barrier", "Finalize"));
        List<String> helper = new ArrayList<>();
        for (int i = 0; i < HELPER_STEPS; i++) helper.addAll(List.of("Sendrecv", "Sendrecv", "Allreduce"));
        for (RankTrace r : trace.ranks())
            assertEquals(Map.of(0, main, 1, helper), opsByThread(r), "rank " + r.rank() + ": thread 0 called MPI.Init, thread 1 is the helper");
    }

    @Test
    void modeFullKeepsEachThreadsLoopAndLosesNoCall() {
        // One loop per thread, each holding that thread's calls only: 5x (Irecv Isend Waitall), 7x (Sendrecv Sendrecv Allreduce).
        List<String> loops = new ArrayList<>();
        for (GlobalNode n : trace.global().nodes()) {
            if (!(n instanceof GlobalLoop l)) continue;
            StringBuilder s = new StringBuilder(l.counts().list().get(0).value().cursor().next() + "x");
            for (GlobalNode body : l.body()) {
                GlobalEvent e = (GlobalEvent) body;
                s.append(' ').append(Op.ofCode(e.op()).mpjName).append('/').append(e.thread());
            }
            loops.add(s.toString());
        }
        assertEquals(List.of(STEPS + "x Irecv/0 Isend/0 Waitall/0", HELPER_STEPS + "x Sendrecv/1 Sendrecv/1 Allreduce/1"), loops);

        // Rebuilt from the compressed trace, every rank's calls are its dump's, thread by thread.
        for (RankTrace r : trace.ranks()) {
            RankTrace dump = ThreadOrder.grouped(r), rebuilt = ThreadOrder.grouped(ExpandedRank.of(trace, r));
            assertEquals(dump.eventCount(), rebuilt.eventCount());
            for (int i = 0; i < dump.eventCount(); i++) {
                int b = RankTrace.base(i);
                assertEquals(Event.thread(dump.words(), b), Event.thread(rebuilt.words(), b), "rank " + r.rank() + " call " + i);
                for (Field f : Field.ALL)
                    assertEquals(f.read(dump.words(), b), f.read(rebuilt.words(), b), "rank " + r.rank() + " call " + i + " " + f);
            }
        }
    }

    @Test
    void decodeAndStatsNameTheThread() {
        String decode = Cli.output("decode", file.toString(), "--rank", "1");
        long helperLines = decode.lines().filter(l -> l.contains("Sendrecv") && l.contains(" thread=1 ")).count();
        assertEquals(2, helperLines, "the global trace's two Sendrecv events, both of thread 1:\n" + decode);
        String expanded = Cli.output("decode", file.toString(), "--rank", "1", "--expand");
        assertEquals(2 * HELPER_STEPS, expanded.lines().filter(l -> l.contains("Sendrecv") && l.contains("  thread=1  ")).count(), expanded);

        String stats = Cli.output("stats", file.toString());
        assertTrue(stats.contains("Time in MPJ per thread"), stats);
        List<String> perThread = stats.lines().dropWhile(l -> !l.startsWith("Time in MPJ per thread")).skip(2).limit(2L * RANKS)
                .map(l -> l.trim().split("\\s+")).map(f -> f[0] + "/" + f[1] + ":" + f[2]).toList();
        List<String> expected = new ArrayList<>();
        for (int r = 0; r < RANKS; r++) Collections.addAll(expected, r + "/0:" + (2 + 3 * STEPS + 2), r + "/1:" + 3 * HELPER_STEPS);
        assertEquals(expected, perThread, "rank/thread:calls (thread 0: Init, clone, the ring, Barrier, Finalize)\n" + stats);
    }

    @Test
    void aReplayRunsEachThreadsCallsOnAThreadOfItsOwn() {
        TraceFile replay = TracedReplay.of(trace, file, dir, RANKS, "multicore", null);
        for (RankTrace r : replay.ranks()) {
            Map<Integer, List<String>> ops = opsByThread(r);
            assertEquals(opsByThread(trace.rank(r.rank())).get(1), ops.get(1), "rank " + r.rank() + ": the helper thread's calls, on a thread of their own");
            assertEquals(2, ops.size(), "rank " + r.rank() + ": two threads");
        }
    }
}
