package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.MarkerState;

/**
 * A program that calls MPI.Finalize twice behaves as without the agent (MPJ raises its own error at the
 * second call, the program prints it and ends), and the trace the first Finalize completed is written
 * whole. The clustering modes hung here: the second Finalize ran the tracer's end of the job again.
 */
class FinalizeTwiceIT {
    private static final int RANKS = 4;
    private static final int STEPS = 4;
    private static final List<String> ARGS = List.of("steps=" + STEPS);

    @ParameterizedTest
    @ValueSource(strings = {"dump", "full", "chameleon", "acurdion", "reference"})
    void aSecondFinalizeRaisesMpjsOwnErrorAndTheTraceOfTheFirstIsWhole(String mode, @TempDir Path dir) {
        MpjJobs.Run traced = MpjJobs.run("FinalizeTwice", RANKS, "multicore", null, dir.resolve("t.mpjt"), mode, "", ARGS);
        MpjJobs.assertSucceeded(traced);
        assertEquals(List.of(), traced.tracerLines(), "no internal error of the tracer");
        MpjJobs.Run plain = MpjJobs.run("FinalizeTwice", RANKS, "multicore", null, null, null, ARGS);
        assertEquals(CallLists.allLinesSorted(plain.out()), CallLists.allLinesSorted(traced.out()), "the program's output is unchanged");
        for (int r = 0; r < RANKS; r++)
            assertTrue(traced.out().contains("rank " + r + ": the second MPI.Finalize raised MPIException"), traced.out());

        TraceFile trace = traced.result().trace();
        assertEquals(RANKS, trace.ranks().size(), "every rank's section is in the file");
        if (mode.equals("dump")) {
            // Init, a Barrier and an Allreduce per step, Finalize: the second Finalize came after the trace was written.
            for (RankTrace r : trace.ranks()) assertEquals(2 + 2 * STEPS, r.eventCount(), "rank " + r.rank());
        } else {
            assertEquals(RANKS * (2L + 2 * STEPS), trace.global().calls(), "the global trace stands for every rank's calls");
        }
        if (!mode.equals("dump") && !mode.equals("full")) {
            var log = trace.markers();
            assertTrue(log.finished(), "the trace was written at MPI.Finalize, not at a marker");
            assertEquals(MarkerState.F, log.records().get(log.records().size() - 1).state(), "the last record is Finalize's");
        }
    }
}
