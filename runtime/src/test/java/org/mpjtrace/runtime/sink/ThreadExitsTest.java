package org.mpjtrace.runtime.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.TracingMode;
import org.mpjtrace.trace.fixtures.EventBuilder;
import org.mpjtrace.trace.fold.TraceFolding;

/** A call's compute time in a rank's stack summaries counts from its own thread's previous call. */
class ThreadExitsTest {
    private static void append(ClusteringSink sink, EventBuilder e) {
        sink.append(EventBuilder.words(e), 0);
    }

    /** Compute nanoseconds per stack signature of thread 0's calls. */
    private static Map<Long, Long> computeByStack(ClusteringSink sink) {
        return sink.stackSummaries().stream().collect(Collectors.toMap(StackSummary::stack, StackSummary::computeNanos));
    }

    /**
     * The main thread clones a communicator, starts a helper whose Sendrecv loop runs while it waits in a
     * join, then calls Allreduce: its compute before the Allreduce is the whole wait since its clone, not the
     * time since the helper's last call (what it was before, and rank 0 scaled the trace's histograms to it).
     */
    @Test
    void aMainThreadsComputeBeforeItsNextCallCountsFromItsOwnLastCallNotItsHelpers() {
        ClusteringSink sink = new ClusteringSink(0, 4, 0, TraceFolding.DEFAULT_WINDOW, TracingMode.CHAMELEON);
        append(sink, new EventBuilder(Op.CLONE, 1, 0).stack(1).at(100, 1_000));
        for (int i = 0; i < 10; i++)
            append(sink, new EventBuilder(Op.SENDRECV, 2, 0).thread(1).stack(2).peer(1).at(2_000 + i * 10_000L, 9_000 + i * 10_000L));
        append(sink, new EventBuilder(Op.ALLREDUCE, 3, 0).stack(3).at(100_000, 101_000));

        Map<Long, Long> compute = computeByStack(sink);
        assertEquals(100_000 - 1_000, compute.get(3L), "the main thread's wait from its clone's exit to its Allreduce");
        // The helper's first call counts from the rank's last exit before it, then from its own calls.
        assertEquals((2_000 - 1_000) + 9 * (10_000 - 7_000), compute.get(StackSummary.key(2, 1)), "the helper's own compute");
    }

    /**
     * The tracer's work at a marker on the main thread ends that thread's compute there; a helper computing
     * meanwhile keeps its own (before, every thread's compute was cut at the marker's end), and tracing
     * resumed after a pause starts every thread's.
     */
    @Test
    void aMarkersWorkEndsItsOwnThreadsComputeAndAPauseEveryThreads() {
        ClusteringSink sink = new ClusteringSink(0, 4, 0, TraceFolding.DEFAULT_WINDOW, TracingMode.CHAMELEON);
        append(sink, new EventBuilder(Op.BARRIER, 1, 0).stack(1).at(0, 1_000));
        append(sink, new EventBuilder(Op.SEND, 2, 0).thread(1).stack(2).peer(1).at(2_000, 3_000));
        sink.resumeAt(0, 50_000); // a marker on thread 0
        append(sink, new EventBuilder(Op.SEND, 2, 0).thread(1).stack(2).peer(1).at(60_000, 61_000));
        append(sink, new EventBuilder(Op.ALLREDUCE, 3, 0).stack(3).at(70_000, 71_000));
        sink.resumeAt(RecordSink.ALL_THREADS, 90_000); // tracing resumed after a pause
        append(sink, new EventBuilder(Op.SEND, 4, 0).thread(1).stack(4).peer(1).at(95_000, 96_000));
        append(sink, new EventBuilder(Op.ALLREDUCE, 5, 0).stack(5).at(99_000, 100_000));
        Map<Long, Long> compute = computeByStack(sink);
        assertEquals(1_000 + (60_000 - 3_000), compute.get(StackSummary.key(2, 1)), "the helper computed through the marker");
        assertEquals(70_000 - 50_000, compute.get(3L), "the main thread, from the marker's end");
        assertEquals(5_000, compute.get(StackSummary.key(4, 1)));
        assertEquals(9_000, compute.get(5L));
    }
}
