package org.mpjtrace.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.ranks.RankSet;

/** Finalize's split of the clusters by the calls each rank made since the last marker. */
class IntervalSplitTest {
    /** Two clusters of 8 ranks: evens led by 0, odds led by 1. */
    private static final Clustering TWO = new Clustering(List.of(
            new Cluster(0, RankSet.of(0, 2, 4, 6), 11, -1, 1),
            new Cluster(1, RankSet.of(1, 3, 5, 7), 22, -1, 1)), false, 5);

    private static String shape(Clustering c) {
        StringBuilder s = new StringBuilder();
        for (Cluster k : c.clusters()) s.append(k.lead()).append(':').append(java.util.Arrays.toString(k.members().toArray())).append(' ');
        return s.toString().trim();
    }

    @Test
    void ranksWithTheirLeadsCallsStayAndNothingMoves() {
        long[] paths = {7, 9, 7, 9, 7, 9, 7, 9};
        boolean[] kept = new boolean[8];
        java.util.Arrays.fill(kept, true);
        IntervalSplit.Plan plan = IntervalSplit.plan(TWO, paths, kept);
        assertEquals(Map.of(), plan.moves());
        assertEquals(0, plan.unlike());
        assertSame(TWO, IntervalSplit.apply(TWO, plan.moves(), 1));
    }

    @Test
    void eachOtherHashOfACLusterMovesToTheLowestOfItsRanksThatKeptItsCalls() {
        // Ranks 4 and 6 made other calls than their lead 0 (the same calls); 2 made others again. Rank 4 kept
        // nothing, so 6 leads {4, 6}; 2 leads itself.
        long[] paths = {7, 9, 8, 9, 5, 9, 5, 9};
        boolean[] kept = {true, true, true, true, false, true, true, true};
        IntervalSplit.Plan plan = IntervalSplit.plan(TWO, paths, kept);
        assertEquals(Map.of(2, 2, 4, 6, 6, 6), plan.moves());
        assertEquals(0, plan.unlike());
        Clustering split = IntervalSplit.apply(TWO, plan.moves(), 42);
        assertEquals("0:[0] 1:[1, 3, 5, 7] 2:[2] 6:[4, 6]", shape(split));
        assertEquals(42, split.nanos());
        assertEquals(11, split.clusterOf(6).callPath(), "a new cluster keeps what its ranks shared up to the last marker");
    }

    @Test
    void aHashNoRankOfWhichKeptItsCallsStaysWithItsLeadAndIsCounted() {
        long[] paths = {7, 9, 7, 4, 7, 4, 7, 9};
        boolean[] kept = {true, true, true, false, true, false, true, true};
        IntervalSplit.Plan plan = IntervalSplit.plan(TWO, paths, kept);
        assertEquals(Map.of(), plan.moves());
        assertEquals(2, plan.unlike(), "ranks 3 and 5 read as their lead's");
    }
}
