package org.mpjtrace.trace.global;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.fixtures.SyntheticStream;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.StackSummary;
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
}
