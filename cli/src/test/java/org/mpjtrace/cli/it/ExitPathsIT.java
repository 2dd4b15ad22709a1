package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.io.TraceReader;

/**
 * Jobs that end before MPI.Finalize (EarlyExit: System.exit in a rank, an uncaught exception, SIGTERM)
 * leave a trace that decodes, says how the job ended and holds every call up to then, and nothing else
 * in the trace's folder; the program's output is as without the agent. They left no trace at all (dump,
 * full) or a temp file beside an interim trace (the clustering modes).
 */
class ExitPathsIT {
    private static final int RANKS = 4;
    private static final int STEPS = 5;
    /** Init, a Barrier and an Allreduce a step, one more Barrier; the ranks left waiting in the last Barrier never return from it. */
    private static final int CALLS_PER_RANK = 1 + 2 * STEPS + 1;

    /** The untraced job's output by ending: one plain run per ending serves every mode. */
    private static final Map<String, List<String>> PLAIN_OUTPUT = new ConcurrentHashMap<>();

    @TempDir
    Path dir;

    /** The clustering modes act at every Barrier, so that each step's merge is in the file when the job ends. */
    private static String barrierMarkers(String mode) {
        return mode.equals("dump") || mode.equals("full") ? "" : "marker=barrier";
    }

    private static List<String> programLines(MpjJobs.Run run) {
        return CallLists.allLinesSorted(run.out()).stream().filter(l -> l.startsWith("EarlyExit")).toList();
    }

    private List<String> folder() throws Exception {
        try (var names = Files.list(dir)) {
            return names.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /**
     * What every ending must leave: one readable file, saying how the job ended, with every call up to
     * then. The rank that ends the job ({@code ender}) recorded its last
     * Barrier before it ended the job; another rank's last Barrier may have returned without its record
     * made yet when the job ends (it is then a call in flight, not in the trace).
     */
    private TraceFile assertWholeUpToTheEnd(Path file, String mode, String ending, int ender) throws Exception {
        assertEquals(List.of(file.getFileName().toString()), folder(), "the trace and nothing else");
        TraceFile trace = TraceReader.read(file);
        assertEquals(ending, trace.meta().ending());
        switch (mode) {
            case "dump" -> {
                assertEquals(RANKS, trace.ranks().size());
                for (RankTrace r : trace.ranks()) {
                    if (r.rank() == ender) assertEquals(CALLS_PER_RANK, r.eventCount(), "rank " + r.rank());
                    else assertTrue(r.eventCount() == CALLS_PER_RANK || r.eventCount() == CALLS_PER_RANK - 1, "rank " + r.rank() + ": " + r.eventCount());
                }
            }
            case "full" -> {
                long calls = trace.global().calls(), least = (long) RANKS * (CALLS_PER_RANK - 1) + 1;
                assertTrue(calls >= least && calls <= (long) RANKS * CALLS_PER_RANK, "every rank's calls, merged: " + calls);
            }
            default -> {
                assertFalse(trace.markers().finished());
                long merged = trace.markers().records().stream().mapToLong(MarkerRecord::mergedCalls).sum();
                assertEquals(merged, trace.global().calls(), "everything merged up to the last marker");
                assertEquals(STEPS + 1, trace.markers().records().size(), "every marker (each Barrier that returned) is in");
            }
        }
        return trace;
    }

    @ParameterizedTest
    @CsvSource({"exit, dump", "exit, full", "exit, chameleon", "throw, dump", "throw, full", "throw, acurdion"})
    void aRankEndingTheJobFromWithinLeavesATraceSayingSo(String end, String mode) throws Exception {
        Path file = dir.resolve("t.mpjt");
        List<String> args = List.of("steps=" + STEPS, "end=" + end, "rank=2");
        MpjJobs.Run traced = MpjJobs.run("EarlyExit", RANKS, "multicore", null, file, mode, barrierMarkers(mode), args);
        assertEquals(1, traced.result().exitCode(), "run reports the job as failed: " + traced.messages());
        assertTrue(traced.messages().contains("job failed: ") && traced.messages().contains("exit before MPI.Finalize"), traced.messages());
        List<String> plain = PLAIN_OUTPUT.computeIfAbsent(end, e -> programLines(MpjJobs.run("EarlyExit", RANKS, "multicore", null, null, null, args)));
        assertEquals(plain, programLines(traced), "the program's output is unchanged");
        assertEquals(List.of(), traced.tracerLines().stream().filter(l -> !l.startsWith("mpjtrace: running")).toList(), "no tracer error");
        assertWholeUpToTheEnd(file, mode, JobMeta.before("exit"), 2);
    }

    /**
     * A rank throws while the others wait for it in MPI.Finalize, whose collection of the trace then never
     * ends: the exit still writes the trace, the others' Finalize in it. Before, the exit left that to the
     * collection, and the job ended with no trace at all.
     */
    @ParameterizedTest
    @CsvSource({"dump", "full", "chameleon"})
    void aRankThatThrowsWhileTheOthersWaitInFinalizeStillLeavesATrace(String mode) throws Exception {
        Path file = dir.resolve("t.mpjt");
        List<String> args = List.of("steps=" + STEPS, "end=throw", "rank=2", "wait=finalize");
        MpjJobs.Run traced = MpjJobs.run("EarlyExit", RANKS, "multicore", null, file, mode, barrierMarkers(mode), args);
        assertEquals(1, traced.result().exitCode(), "run reports the job as failed: " + traced.messages());
        assertTrue(traced.messages().contains("exit before MPI.Finalize"), traced.messages());
        assertEquals(List.of(file.getFileName().toString()), folder(), "the trace and nothing else");
        TraceFile trace = TraceReader.read(file);
        assertEquals(JobMeta.before("exit"), trace.meta().ending());
        // Init, a Barrier and an Allreduce a step, one more Barrier; then Finalize on the three ranks that called it.
        long calls = (long) RANKS * CALLS_PER_RANK + RANKS - 1;
        switch (mode) {
            case "dump" -> assertEquals(calls, trace.ranks().stream().mapToLong(RankTrace::eventCount).sum());
            case "full" -> assertEquals(calls, trace.global().calls());
            default -> assertEquals(STEPS + 1, trace.markers().records().size(), "every marker (each Barrier) is in");
        }
    }

    /** MPJ's starter ends with 0 whatever the job did; run starts the multicore JVM itself and so has the program's code. */
    @Test
    void runReportsTheCodeAMulticoreProgramExitedWith() {
        MpjJobs.Run plain = MpjJobs.run("EarlyExit", RANKS, "multicore", null, null, null, List.of("steps=2", "end=exit", "rank=1"));
        assertEquals(3, plain.result().starterExit(), plain.messages());
        assertEquals(1, plain.result().exitCode(), "run reports the job as failed");
        assertTrue(plain.messages().contains("job failed: the job exited with code 3"), plain.messages());
    }

    /**
     * MPJ's multicore starter prints the stack trace of a rank's main that threw and ends the JVM with 0; run
     * reads that report in the job's output and says the job failed, untraced as traced.
     */
    @Test
    void runReportsAMulticoreProgramWhoseRankThrewAsFailedThoughMpjEndsItWithZero() {
        MpjJobs.Run plain = MpjJobs.run("EarlyExit", RANKS, "multicore", null, null, null, List.of("steps=2", "end=throw", "rank=1"));
        assertEquals(0, plain.result().starterExit(), "MPJ Express's own code: " + plain.messages());
        assertEquals(1, plain.result().exitCode(), "run reports the job as failed: " + plain.messages());
        assertTrue(plain.messages().contains("job failed: a rank's main threw java.lang.IllegalStateException: rank 1 fails on purpose"),
                plain.messages());
        assertTrue(plain.err().contains("Caused by: java.lang.IllegalStateException: rank 1 fails on purpose"), "the job's output is passed on whole");
    }

    /**
     * On niodev the other ranks of a job whose rank threw wait for it for good (MPJ's daemon leaves them): run
     * stops the job, as mpirun aborts one whose process failed, and the ranks' JVMs write their traces as they go.
     */
    @Test
    void onNiodevARankThatThrowsStopsTheJobInsteadOfLeavingTheOthersWaiting() throws Exception {
        Path file = dir.resolve("t.mpjt");
        MpjJobs.Run run = MpjJobs.run("EarlyExit", 3, "niodev", null, file, "dump", "", List.of("steps=" + STEPS, "end=throw", "rank=1"));
        assertEquals(1, run.result().exitCode(), run.messages());
        assertTrue(run.messages().contains("job failed: a rank's main threw java.lang.IllegalStateException: rank 1 fails on purpose")
                && run.messages().contains("so the job was stopped"), run.messages());
        TraceFile trace = TraceReader.read(file);
        assertEquals(JobMeta.before("SIGTERM"), trace.meta().ending(), "rank 0's JVM wrote its trace as it was stopped");
        assertEquals(CALLS_PER_RANK, trace.rank(0).eventCount());
    }

    @ParameterizedTest
    @CsvSource({"dump", "chameleon"})
    void aJobStoppedBySigtermLeavesATraceSayingSo(String mode) throws Exception {
        Path file = dir.resolve("t.mpjt");
        MpjJobs.Run run = MpjJobs.runWatching("EarlyExit", RANKS, file, mode, barrierMarkers(mode), List.of("steps=" + STEPS, "end=hang", "rank=0"), "hanging",
                () -> rankJvms(file).forEach(ProcessHandle::destroy)); // destroy: SIGTERM
        assertEquals(1, run.result().exitCode(), run.messages());
        assertWholeUpToTheEnd(file, mode, JobMeta.before("SIGTERM"), 0);
    }

    /**
     * On niodev the other ranks of a job whose rank JVM exited wait for it for good (MPJ's daemon tells nobody):
     * the exiting JVM notes it for run, which stops the job, as mpirun aborts one whose process ended without
     * MPI_Finalize. Rank 0's JVM writes its own rank as it exits, and then says so.
     */
    @Test
    void onNiodevTheJvmOfRankZeroWritesItsOwnRankAsItExitsAndRunStopsTheOthers() throws Exception {
        assertNiodevJobStoppedAfterRankExited(0, "exit");
    }

    @Test
    void onNiodevARankJvmThatExitsStopsTheJobAndRankZeroWritesItsTraceAsItIsStopped() throws Exception {
        assertNiodevJobStoppedAfterRankExited(2, "SIGTERM"); // rank 0's JVM wrote its trace as run stopped it
    }

    /** EarlyExit on 3 niodev JVMs whose rank {@code rank} exits: run stops the job, and rank 0's trace ended by {@code ending}. */
    private void assertNiodevJobStoppedAfterRankExited(int rank, String ending) throws Exception {
        Path file = dir.resolve("t.mpjt");
        MpjJobs.Run run = MpjJobs.run("EarlyExit", 3, "niodev", null, file, "dump", "", List.of("steps=" + STEPS, "end=exit", "rank=" + rank));
        assertEquals(1, run.result().exitCode(), run.messages());
        assertTrue(run.messages().contains("job failed: rank " + rank + " ended before MPI.Finalize (its JVM exited); its other ranks cannot "
                + "finish without it, so the job was stopped; the job ended by " + ending + " before MPI.Finalize; " + file
                + " keeps the calls of 1 of 3 ranks until then"), run.messages());

        TraceFile trace = TraceReader.read(file);
        assertEquals(JobMeta.before(ending), trace.meta().ending());
        assertEquals(List.of(0), trace.ranks().stream().map(RankTrace::rank).toList(), "the other JVMs hold the other ranks");
        assertEquals(CALLS_PER_RANK, trace.rank(0).eventCount());
        assertEquals(List.of("t.mpjt"), folder());
    }

    /** The JVMs running the job's ranks (not the starter), found by the agent option naming the trace. */
    private static List<ProcessHandle> rankJvms(Path file) {
        return ProcessHandle.allProcesses().filter(p -> {
            String cmd = p.info().commandLine().orElse("");
            return cmd.contains("output=" + file) && !cmd.contains("starter.jar -np"); // the rank JVM's class path names starter.jar too
        }).toList();
    }
}
