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

    private static final long[] NOT_OWN_LOOPS = {-1, -1, -1, -1, -1, -1, -1, -1};

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
        IntervalSplit.Plan plan = IntervalSplit.plan(TWO, TWO, paths, kept, NOT_OWN_LOOPS);
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
        IntervalSplit.Plan plan = IntervalSplit.plan(TWO, TWO, paths, kept, NOT_OWN_LOOPS);
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
        IntervalSplit.Plan plan = IntervalSplit.plan(TWO, TWO, paths, kept, NOT_OWN_LOOPS);
        assertEquals(Map.of(), plan.moves());
        assertEquals(2, plan.unlike(), "ranks 3 and 5 read as their lead's");
    }

    /**
     * Own loops: a member that traced its calls since its clustering needs its old lead to give back the
     * calls before it. Rank 2 made 70 calls before its clustering, its lead 0 has 300: 2 can lead. Rank 3
     * made 90, but its lead 1 stopped early with 80: 3 cannot, 5 (50 calls) can lead {3, 5}. Rank 7 is
     * alone in its hash and its lead 1 has too few: it stays, counted.
     */
    @Test
    void onOwnLoopsAMemberLeadsOnlyWhenItsOldLeadCanGiveBackItsCallsBeforeItsClustering() {
        long[] paths = {7, 9, 8, 4, 7, 4, 7, 6};
        boolean[] kept = {true, true, true, true, true, true, true, true};
        long[] calls = {300, 80, 70, 90, 64, 50, 64, 95};
        IntervalSplit.Plan plan = IntervalSplit.plan(TWO, TWO, paths, kept, calls);
        assertEquals(Map.of(2, 2, 3, 5, 5, 5), plan.moves());
        assertEquals(1, plan.unlike(), "rank 7 reads as its lead's");

        kept[0] = false; // the old lead traced on another thread too, or its tracing failed: it gives nothing back
        assertEquals(Map.of(3, 5, 5, 5), IntervalSplit.plan(TWO, TWO, paths, kept, calls).moves());
    }

    /**
     * Own loops clustered again on new loops: a member's first calls come from its lead in the first
     * clustering, not from its lead now. Ranks 3 and 5 are led by 1 now, which made only 20 calls before
     * its own first proposal; in the first clustering all were led by 0, which has 300.
     */
    @Test
    void onOwnLoopsClusteredAgainTheFirstClusteringsLeadGivesBackAMembersFirstCalls() {
        Clustering first = new Clustering(List.of(new Cluster(0, RankSet.of(0, 1, 2, 3, 4, 5, 6, 7), 11, 0, 0)), false, 5);
        long[] paths = {7, 9, 7, 4, 7, 4, 7, 9};
        boolean[] kept = {true, true, true, true, true, true, true, true};
        long[] calls = {300, 20, 64, 90, 64, 90, 64, 64};
        assertEquals(Map.of(), IntervalSplit.plan(TWO, TWO, paths, kept, calls).moves(), "rank 1's 20 calls do not cover 90");
        assertEquals(Map.of(3, 3, 5, 3), IntervalSplit.plan(TWO, first, paths, kept, calls).moves());
    }
}
