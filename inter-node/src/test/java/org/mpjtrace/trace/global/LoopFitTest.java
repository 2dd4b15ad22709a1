package org.mpjtrace.trace.global;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.fixtures.SyntheticStream;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.ranks.RankSet;

/** Fitting a lead's loop counts to a member's own calls per stack (sites double as stacks: stack = 1000 + site). */
class LoopFitTest {
    private static final long RECV = 1010, SEND = 1011, ALLREDUCE = 1012;

    /** A worker that took {@code tasks} tasks: Recv, then per task Send and Recv, as MasterWorker's workers. */
    private static SyntheticStream worker(int rank, int tasks) {
        SyntheticStream s = new SyntheticStream(rank);
        s.call(Op.RECV, 10).peer(0).tag(1).count(1);
        for (int t = 0; t < tasks; t++) {
            s.call(Op.SEND, 11).peer(0).tag(2).count(2);
            s.call(Op.RECV, 10).peer(0).tag(1).count(1);
        }
        return s;
    }

    /** The lead's trace standing for ranks 1 to 7. */
    private static GlobalTrace ledBy(SyntheticStream lead) {
        return GlobalTrace.ofRanks(RankSet.range(1, 7, 1), lead.folded());
    }

    private static List<Long> expanded(GlobalTrace trace, int rank, Map<GlobalLoop, Long> fitted) {
        List<Long> stacks = new ArrayList<>();
        GlobalExpansion.expand(trace, rank, (loop, recorded) -> fitted.getOrDefault(loop, recorded), (e, v) -> stacks.add(e.stack()));
        return stacks;
    }

    private static List<Long> calls(int tasks) {
        List<Long> out = new ArrayList<>(List.of(RECV));
        for (int t = 0; t < tasks; t++) out.addAll(List.of(SEND, RECV));
        return out;
    }

    @Test
    void aWorkerThatTookFewerOrMoreTasksThanItsLeadRunsTheTaskLoopItsOwnNumberOfTimes() {
        GlobalTrace trace = ledBy(worker(1, 32));
        for (int tasks : new int[] {30, 33, 32, 0}) {
            Map<GlobalLoop, Long> fitted = LoopFit.fit(trace, 5, Map.of(RECV, tasks + 1L, SEND, (long) tasks));
            assertEquals(tasks == 32 ? 0 : 1, fitted.size(), tasks + " tasks");
            assertEquals(calls(tasks), expanded(trace, 5, fitted), tasks + " tasks: the rank's own calls, in order");
        }
    }

    @Test
    void countsNoSingleLoopExplainsKeepTheLeads() {
        GlobalTrace trace = ledBy(worker(1, 32));
        assertEquals(Map.of(), LoopFit.fit(trace, 5, Map.of(RECV, 31L, SEND, 29L)), "Recv and Send would need different changes");
        assertEquals(Map.of(), LoopFit.fit(trace, 5, Map.of(RECV, 33L, SEND, 32L, ALLREDUCE, 1L)), "a call the lead never made");
        assertEquals(Map.of(), LoopFit.fit(trace, 9, Map.of(RECV, 5L, SEND, 4L)), "rank 9 runs nothing of this trace");
    }

    @Test
    void aLoopRunMoreThanOnceOrHoldingALoopIsNotRefitted() {
        // Three outer iterations of (four Sends, one Allreduce): the Send loop is run three times.
        SyntheticStream lead = new SyntheticStream(1);
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 4; j++) lead.call(Op.SEND, 11).peer(2).tag(0).count(1);
            lead.call(Op.ALLREDUCE, 12).count(1);
        }
        GlobalTrace trace = ledBy(lead);
        assertTrue(LoopFit.fit(trace, 5, Map.of(SEND, 9L, ALLREDUCE, 3L)).isEmpty(), "which visit would change is unknown");
        assertTrue(LoopFit.fit(trace, 5, Map.of(SEND, 16L, ALLREDUCE, 4L)).isEmpty(), "the outer loop holds a loop");
    }

    @Test
    void theExpansionsCallsAndComputePerStackAreCountedWithoutExpandingLoopsOfConstantInnerCounts() {
        // Steps of (inner Send loops of 4, an Allreduce) 10 at a time, then a Recv; a second phase whose inner
        // loop runs 2, 3, 4, 2, 3, 4... times, which must be walked iteration by iteration.
        SyntheticStream lead = new SyntheticStream(1);
        for (int outer = 0; outer < 50; outer++) {
            for (int step = 0; step < 10; step++) {
                for (int j = 0; j < 4; j++) lead.call(Op.SEND, 11).peer(2).tag(j).count(1);
                lead.call(Op.ALLREDUCE, 12).count(1);
            }
            lead.call(Op.RECV, 10).peer(0).tag(1).count(1);
        }
        for (int step = 0; step < 30; step++) {
            for (int j = 0; j < 2 + step % 3; j++) lead.call(Op.SEND, 13).peer(3).tag(0).count(1);
            lead.call(Op.ALLREDUCE, 12).count(1);
        }
        GlobalTrace trace = ledBy(lead);
        Map<Long, Long> calls = new java.util.HashMap<>();
        Map<Long, Double> compute = new java.util.HashMap<>();
        GlobalExpansion.expand(trace, 5, (e, v) -> {
            calls.merge(e.stack(), 1L, Long::sum);
            compute.merge(e.stack(), e.compute().mean(), Double::sum);
        });
        LoopFit.Expanded expanded = LoopFit.expanded(trace, 5);
        assertEquals(calls, expanded.calls());
        assertEquals(Map.of(1011L, 2000L, 1012L, 530L, 1010L, 50L, 1013L, 90L), expanded.calls());
        assertEquals(compute.keySet(), expanded.computeNanos().keySet());
        for (Map.Entry<Long, Double> e : compute.entrySet())
            assertEquals(e.getValue(), expanded.computeNanos().get(e.getKey()), 1e-6 * e.getValue(), "compute at stack " + e.getKey());
        // The Send loop counted at once is still known to be visited 500 times: not one to refit.
        assertTrue(LoopFit.fit(trace, 5, Map.of(1011L, 2004L)).isEmpty(), "which of its 500 visits would change is unknown");
    }

    @Test
    void aWalkPastItsBudgetGivesUpAndOneWithinItCountsAsTheFullWalk() {
        // 200 steps whose inner loop runs 2, 3, 4, 2, ... times: walked step by step, about 4 nodes a step.
        SyntheticStream lead = new SyntheticStream(1);
        for (int step = 0; step < 200; step++) {
            for (int j = 0; j < 2 + step % 3; j++) lead.call(Op.SEND, 13).peer(3).tag(0).count(1);
            lead.call(Op.ALLREDUCE, 12).count(1);
        }
        GlobalTrace trace = ledBy(lead);
        assertEquals(null, LoopFit.expandedWithin(trace, 5, 100));
        assertEquals(LoopFit.expanded(trace, 5), LoopFit.expandedWithin(trace, 5, 10_000));
    }
}
