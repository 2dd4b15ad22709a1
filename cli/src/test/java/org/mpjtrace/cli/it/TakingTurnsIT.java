package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.job.Installation;
import org.mpjtrace.cli.job.JobLauncher;
import org.mpjtrace.cli.job.JobRequest;
import org.mpjtrace.cli.job.ReplayJob;
import org.mpjtrace.replay.ReplayMain;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * A rank's threads that take turns on one communicator (the example threads.TakingTurns: two workers whose
 * order a latch sets, A first on even ranks and B on odd ones, then a thread per step, each joined before
 * the next starts; every turn an Allreduce whose count is its place in the turns). The replay runs each
 * thread's calls on a thread of its own; free, B's Allreduce came first on odd ranks and every step thread
 * started at once, and every replay failed ("count <1> is less than length <3>"). From a dump, or a trace with
 * timing=lossless, the replay now takes the turns as the rank took them.
 */
class TakingTurnsIT {
    private static final int RANKS = 4;
    private static final int STEPS = 3;
    private static final String MAIN = MpjJobs.PACKAGE + "threads.TakingTurns";
    /** The Allreduces' counts on the shared communicator, in the order each rank made them: the workers', then each step's. */
    private static final List<Integer> TURNS = List.of(1, 2, 1, 2, 3);

    @TempDir
    static Path dir;
    private static Path lossless;
    private static TraceFile trace;

    @BeforeAll
    static void traceTheExampleInModeFullLosslessWithItsDump() {
        lossless = dir.resolve("turns.mpjt");
        MpjJobs.Run run = MpjJobs.run(MAIN, RANKS, "multicore", null, lossless, "full", "timing=lossless,keepDump=true", List.of("steps=" + STEPS));
        MpjJobs.assertSucceeded(run);
        trace = run.result().trace();
        for (RankTrace r : trace.keptDump().ranks()) assertEquals(TURNS, sharedTurns(r), "rank " + r.rank() + " as traced");
    }

    @Test
    void theReplayOfTheDumpTakesTheThreadsTurnsOnTheSharedCommunicatorAsTheRanksTookThem() {
        Replayed replayed = replay(trace.keptDump(), lossless, true, "dump");
        assertEquals(0, replayed.exitCode(), replayed.output());
        assertTrue(replayed.output().contains("its threads took their turns on 2 communicators as traced"), replayed.output());
        // The main thread joins each step's thread before it starts the next, and its next call waits for that end.
        assertTrue(replayed.output().contains("waited for a thread's end as traced"), replayed.output());
        for (RankTrace r : replayed.trace().ranks()) assertEquals(TURNS, sharedTurns(r), "rank " + r.rank() + " as replayed");
    }

    @Test
    void theReplayOfALosslessTraceTakesThemToo() {
        Replayed replayed = replay(trace, lossless, false, "lossless");
        assertEquals(0, replayed.exitCode(), replayed.output());
        for (RankTrace r : replayed.trace().ranks()) assertEquals(TURNS, sharedTurns(r), "rank " + r.rank() + " as replayed");
    }

    /** Histograms keep no order between two threads' calls: the replay runs them free, and says so before it starts. */
    @Test
    void aTraceWithoutExactTimesIsReplayedFreeAndTheReplaySaysSo() {
        Path histograms = dir.resolve("turns-histograms.mpjt");
        MpjJobs.Run run = MpjJobs.run(MAIN, RANKS, "multicore", null, histograms, "full", null, List.of("steps=" + STEPS));
        MpjJobs.assertSucceeded(run);
        // Whether the turns then come right is the threads' race: only what the replay says is checked.
        Replayed replayed = replay(run.result().trace(), histograms, false, "histograms");
        assertTrue(replayed.output().contains(ReplayMain.NOTE + ReplayMain.UNTIMED_TURNS), replayed.output());
    }

    /** The counts of a rank's Allreduces on communicator 1, the shared Dup, in the order they started. */
    private static List<Integer> sharedTurns(RankTrace r) {
        return IntStream.range(0, r.eventCount()).map(RankTrace::base)
                .filter(b -> Op.ofCode(Event.opCode(r.words(), b)) == Op.ALLREDUCE && Event.comm(r.words(), b) == 1).boxed()
                .sorted(Comparator.comparingLong(b -> Event.enter(r.words(), b))).map(b -> Event.count(r.words(), b)).toList();
    }

    private record Replayed(int exitCode, String output, TraceFile trace) {}

    /** Replays {@code file}, read as {@code t} (its kept dump when {@code keptDump}), the replay traced in mode dump. */
    private static Replayed replay(TraceFile t, Path file, boolean keptDump, String name) {
        Path replayed = dir.resolve(name + "-replay.mpjt");
        StringWriter out = new StringWriter();
        Installation installation = Installation.fromEnvironment();
        PrintWriter printed = new PrintWriter(out, true);
        JobLauncher launcher = new JobLauncher(installation, printed).timeout(Duration.ofMinutes(3));
        ReplayJob.Settings as = new ReplayJob.Settings(0, "multicore", null, ReplayJob.MEAN, 1, JobRequest.DUMP, replayed, 20, keptDump);
        ReplayJob.Outcome o = ReplayJob.run(installation, launcher, t, file, as, printed, printed);
        return new Replayed(o.exitCode(), out.toString(), o.exitCode() == 0 ? o.job().trace() : null);
    }
}
