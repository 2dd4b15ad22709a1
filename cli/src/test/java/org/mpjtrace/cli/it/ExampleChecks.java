package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.TraceFile;

/**
 * The checks every example gets, on whichever device: ground truth, and output unchanged by the agent. Made
 * on the example's shared run in mode full with the dump kept ({@link FullRuns}): its dump is what a
 * dump-mode run records.
 */
final class ExampleChecks {
    private ExampleChecks() {}

    static void traceMatchesTheProgramsOwnCallsAndOutputIsUnchanged(Examples ex, int ranks, String device, Path machines) {
        MpjJobs.Run traced = FullRuns.of(ex, ranks, device, machines);
        MpjJobs.assertSucceeded(traced);
        TraceFile trace = traced.result().trace();
        assertNotNull(trace, "no trace read back");
        assertEquals(ranks, trace.meta().worldSize());
        assertEquals(ranks, trace.ranks().size());
        assertEquals(device, trace.meta().device());

        Map<Integer, List<String>> printed = CallLists.printed(traced.out());
        assertEquals(ranks, printed.size(), "every rank prints its calls:\n" + traced.out());
        Map<Integer, List<String>> decoded = CallLists.traced(trace);
        for (int r = 0; r < ranks; r++)
            assertEquals(printed.get(r), decoded.get(r), ex.mainClass + " rank " + r + ": decoded (op, peer, count) differ from the program's own list");
        for (var rank : trace.ranks()) assertEquals("", rank.stats().disabledReason(), "rank " + rank.rank());
        assertEquals(List.of(), traced.tracerLines(), "the tracer complained");

        MpjJobs.Run plain = MpjJobs.run(ex.mainClass, ranks, device, machines, null, null, ex.argsWithCalls());
        MpjJobs.assertSucceeded(plain);
        if (ex.deterministic) {
            assertEquals(CallLists.allLinesSorted(plain.out()), CallLists.allLinesSorted(traced.out()), "output differs with the agent");
        } else {
            assertEquals(CallLists.resultLines(plain.out()), CallLists.resultLines(traced.out()), "output differs with the agent");
        }
        assertEquals(CallLists.jobErr(plain.err()), CallLists.jobErr(traced.err()), "stderr differs with the agent");
    }
}
