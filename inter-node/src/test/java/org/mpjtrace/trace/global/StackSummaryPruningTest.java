package org.mpjtrace.trace.global;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.fixtures.SyntheticStream;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.RelativePeers;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.ranks.RankSet;

/** Rank 0 keeps of a rank's stack summaries only what the global trace gets wrong for it (stack = 1000 + site). */
class StackSummaryPruningTest {
    private static final long RECV = 1010, SEND = 1011, BARRIER = 1012;
    private static final int W = SyntheticStream.WORLD_SIZE;

    /** Lead rank 1 of ranks 1-7: Recv from its left neighbour, then 32 times Send to it and Recv again. */
    private static GlobalTrace trace() {
        SyntheticStream s = new SyntheticStream(1);
        s.call(Op.RECV, 10).peer(0).tag(1).count(1);
        for (int t = 0; t < 32; t++) {
            s.call(Op.SEND, 11).peer(0).tag(2).count(2);
            s.call(Op.RECV, 10).peer(0).tag(1).count(1);
        }
        return GlobalTrace.ofRanks(RankSet.range(1, 7, 1), s.folded());
    }

    private static List<StackSummary> pruned(int rank, StackSummary... own) {
        RankTrace section = new RankTrace(rank, "h", 0, 0, new long[0], List.of(), List.of(), List.of(), RankStats.EMPTY, List.of(),
                List.of(), List.of(own));
        GlobalTrace trace = trace();
        return StackSummaryPruning.prune(trace, W, section, LoopFit.expanded(trace, rank).calls()).stackSummaries();
    }

    @Test
    void aRankTheTraceGetsRightKeepsNothing() {
        // Rank 4's left neighbour is 3, as the lead's relative peer gives it.
        assertEquals(List.of(), pruned(4, new StackSummary(RECV, 33, 0, 3, Event.NONE), new StackSummary(SEND, 32, 0, 3, Event.NONE)));
    }

    @Test
    void otherCountsAndOtherPeersStay() {
        // A worker of a master: 30 tasks, always from and to rank 0, which the lead's "r-1" is not for rank 4.
        assertEquals(List.of(new StackSummary(RECV, 31, 0, 0, StackSummary.VARIES), new StackSummary(SEND, 30, 0, 0, StackSummary.VARIES)),
                pruned(4, new StackSummary(RECV, 31, 0, 0, Event.NONE), new StackSummary(SEND, 30, 0, 0, Event.NONE)));
    }

    @Test
    void aStackTheLeadCalledAndTheRankDidNotStaysWithNoCallsAndOneOnlyTheRankCalledStays() {
        assertEquals(List.of(new StackSummary(SEND, 0, 0, StackSummary.VARIES, StackSummary.VARIES),
                        new StackSummary(BARRIER, 1, 0, StackSummary.VARIES, StackSummary.VARIES)),
                pruned(4, new StackSummary(RECV, 33, 0, 3, Event.NONE), new StackSummary(BARRIER, 1, 0, StackSummary.VARIES, StackSummary.VARIES)));
    }

    @Test
    void aSectionWithoutSummariesIsLeftAlone() {
        assertEquals(List.of(), pruned(4));
    }

    /** As {@link #trace()}, the first Recv with tag 5: the Recv stack is two events whose tags differ. */
    private static GlobalTrace tagged() {
        SyntheticStream s = new SyntheticStream(1);
        s.call(Op.RECV, 10).peer(0).tag(5).count(1);
        for (int t = 0; t < 32; t++) {
            s.call(Op.SEND, 11).peer(0).tag(2).count(2);
            s.call(Op.RECV, 10).peer(0).tag(1).count(1);
        }
        return GlobalTrace.ofRanks(RankSet.range(1, 7, 1), s.folded());
    }

    private static ValueSeq tags(long first, long rest, int restCount) {
        ValueSeq v = new ValueSeq();
        v.append(first);
        for (int i = 0; i < restCount; i++) v.append(rest);
        return v;
    }

    private static List<StackSummary> prunedOf(GlobalTrace trace, int rank, StackSummary... own) {
        RankTrace section = new RankTrace(rank, "h", 0, 0, new long[0], List.of(), List.of(), List.of(), RankStats.EMPTY, List.of(),
                List.of(), List.of(own));
        return StackSummaryPruning.prune(trace, W, section, LoopFit.expanded(trace, rank).calls()).stackSummaries();
    }

    @Test
    void ownValuesTheTraceGivesAtAStackOfSeveralEventsAreDroppedAndOthersStay() {
        GlobalTrace trace = tagged();
        // Rank 4's own tags at the Recv: 5, then 32 times 1, what the two events give it: nothing to keep.
        assertEquals(List.of(), prunedOf(trace, 4, new StackSummary(RECV, 33, 0, 3, Event.NONE, Map.of(Field.TAG, tags(5, 1, 32))),
                new StackSummary(SEND, 32, 0, 3, Event.NONE)));
        // Rank 5 tagged its first 7: the trace's 5 is wrong for it, so its tags stay, all of them, in order.
        StackSummary other = new StackSummary(RECV, 33, 0, 4, Event.NONE, Map.of(Field.TAG, tags(7, 1, 32)));
        assertEquals(List.of(new StackSummary(RECV, 33, 0, StackSummary.VARIES, StackSummary.VARIES, Map.of(Field.TAG, tags(7, 1, 32)))),
                prunedOf(trace, 5, other, new StackSummary(SEND, 32, 0, 4, Event.NONE)));
    }

    @Test
    void ownValuesOfOneEventStayOnlyWhereTheyDifferAndAConstantTheTraceGivesIsDropped() {
        // The Send is one event: the lead's tag 2 for every call. Rank 4 sent with tag 2 (dropped) and counts 2 (dropped);
        // rank 6 sent with tag 3 every time (kept: one run).
        ValueSeq two = tags(2, 2, 31), three = tags(3, 3, 31), counts = tags(2, 2, 31);
        assertEquals(List.of(), prunedOf(trace(), 4, new StackSummary(SEND, 32, 0, 3, Event.NONE, Map.of(Field.TAG, two, Field.COUNT, counts)),
                new StackSummary(RECV, 33, 0, 3, Event.NONE)));
        assertEquals(List.of(new StackSummary(SEND, 32, 0, StackSummary.VARIES, StackSummary.VARIES, Map.of(Field.TAG, three))),
                prunedOf(trace(), 6, new StackSummary(SEND, 32, 0, 5, Event.NONE, Map.of(Field.TAG, three, Field.COUNT, counts)),
                        new StackSummary(RECV, 33, 0, 5, Event.NONE)));
    }

    @Test
    void ownPeersStoredAbsoluteAreComparedWithTheTracesRelativeOnesOnePeriodAtATimePastTheValueByValueBound() {
        // The lead sends right then left, 600,000 times each: more values than are ever compared one by one.
        int pairs = (int) (StackSummaryPruning.COMPARED / 2 + 100_000);
        SyntheticStream s = new SyntheticStream(1);
        for (int t = 0; t < pairs; t++) {
            s.call(Op.SEND, 11).peer(2).tag(2).count(2);
            s.call(Op.SEND, 11).peer(0).tag(2).count(2);
        }
        GlobalTrace trace = GlobalTrace.ofRanks(RankSet.range(1, 7, 1), s.folded());
        ValueSeq relative = new ValueSeq(), otherEnd = new ValueSeq();
        for (int t = 0; t < pairs; t++) {
            relative.append(1);
            relative.append(-1);
            otherEnd.append(1);
            otherEnd.append(t == pairs - 1 ? -2 : -1);
        }
        // Rank 4 kept its peers absolute (5, 3, 5, 3, ...): what the trace gives it, so nothing stays.
        ValueSeq mine = RelativePeers.absolute(relative, 4, W);
        assertEquals(List.of(), prunedOf(trace, 4, new StackSummary(SEND, 2L * pairs, 0, StackSummary.VARIES, Event.NONE, Map.of(Field.PEER, mine))));
        // Its last send went to rank 2: the values differ, and stay.
        ValueSeq other = RelativePeers.absolute(otherEnd, 4, W);
        assertEquals(List.of(new StackSummary(SEND, 2L * pairs, 0, StackSummary.VARIES, StackSummary.VARIES, Map.of(Field.PEER, other))),
                prunedOf(trace, 4, new StackSummary(SEND, 2L * pairs, 0, StackSummary.VARIES, Event.NONE, Map.of(Field.PEER, other))));
    }
}
