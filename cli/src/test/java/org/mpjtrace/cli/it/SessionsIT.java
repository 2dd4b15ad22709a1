package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.TraceReader;

/**
 * A program that calls MPI.Init again after MPI.Finalize (two sessions in one JVM): each session's trace
 * is kept, the first at the path given, the second beside it ({@code -session2}), and the tracer says
 * where. Before, the second session's trace overwrote the first's.
 */
class SessionsIT {
    private static final int RANKS = 3;
    private static final int FIRST = 3, SECOND = 6;
    private static final List<String> ARGS = List.of("first=" + FIRST, "second=" + SECOND);
    /** The program's output without the agent, run once for both modes. */
    private static List<String> untraced;

    @ParameterizedTest
    @ValueSource(strings = {"full", "chameleon"})
    void eachSessionKeepsItsOwnTrace(String mode, @TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.mpjt");
        MpjJobs.Run traced = MpjJobs.run("TwoSessions", RANKS, "multicore", null, file, mode, "", ARGS);
        MpjJobs.assertSucceeded(traced);
        if (untraced == null) untraced = CallLists.allLinesSorted(MpjJobs.run("TwoSessions", RANKS, "multicore", null, null, null, ARGS).out());
        List<String> programLines = CallLists.allLinesSorted(traced.out()).stream().filter(l -> !l.startsWith("mpjtrace:")).toList();
        assertEquals(untraced, programLines, "the program's output is unchanged");
        Path second = dir.resolve("t-session2.mpjt");
        assertEquals(1, traced.tracerLines().size(), "one line says where the second session goes: " + traced.tracerLines());
        assertTrue(traced.tracerLines().get(0).contains(second.toString()), traced.tracerLines().get(0));

        // Per rank: Init, the session's Allreduces, Finalize.
        TraceFile one = TraceReader.read(file);
        assertEquals(RANKS * (2L + FIRST), one.global().calls(), "session 1");
        TraceFile two = TraceReader.read(second);
        assertEquals(RANKS * (2L + SECOND), two.global().calls(), "session 2");
        try (var names = java.nio.file.Files.list(dir)) {
            assertEquals(List.of("t-session2.mpjt", "t.mpjt"), names.map(p -> p.getFileName().toString()).sorted().toList(),
                    "the two traces and nothing else: no status file left behind");
        }
    }

    /**
     * threads.AcrossSessions: a helper started in the first session makes its Sendrecv calls in the second. It
     * carried the first session's rank, whose calls end at its MPI.Finalize, and the second session's trace
     * held none of them; now its first call there takes it up into the rank's new session.
     */
    @Test
    void aThreadStartedInTheFirstSessionHasItsCallsInTheSecondTraced(@TempDir Path dir) throws Exception {
        int steps = 4;
        Path file = dir.resolve("across.mpjt");
        MpjJobs.assertSucceeded(MpjJobs.run(MpjJobs.PACKAGE + "threads.AcrossSessions", RANKS, "multicore", null, file, "dump", "",
                List.of("steps=" + steps)));
        for (RankTrace r : TraceReader.read(file).ranks())
            assertEquals(List.of("0 Init", "0 Barrier", "0 Finalize"), calls(r), "rank " + r.rank() + ", session 1");
        for (RankTrace r : TraceReader.read(dir.resolve("across-session2.mpjt")).ranks()) {
            List<String> calls = calls(r);
            assertEquals(steps, calls.stream().filter("1 Sendrecv"::equals).count(), "rank " + r.rank() + ", session 2: the helper's calls, " + calls);
            assertEquals(3 + steps, calls.size(), "rank " + r.rank() + ", session 2: " + calls);
        }
    }

    /** A rank's calls as "THREAD OP", in the order they started. */
    private static List<String> calls(RankTrace r) {
        return IntStream.range(0, r.eventCount()).map(RankTrace::base).boxed()
                .sorted(Comparator.comparingLong(b -> Event.enter(r.words(), b)))
                .map(b -> Event.thread(r.words(), b) + " " + Op.ofCode(Event.opCode(r.words(), b)).mpjName).toList();
    }
}
