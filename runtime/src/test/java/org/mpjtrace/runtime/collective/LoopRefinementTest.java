package org.mpjtrace.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.ranks.RankSet;

/** Rank 0's clustering again of the ranks' new own loops: clusters split by new loop, never joined. */
class LoopRefinementTest {
    /** Two clusters of 8 ranks on their first loops: 0-3 led by 0, 4-7 led by 5. */
    private static final Clustering FIRST = new Clustering(List.of(
            new Cluster(0, RankSet.of(0, 1, 2, 3), 11, -1, 1),
            new Cluster(5, RankSet.of(4, 5, 6, 7), 22, -1, 1)), false, 5);

    private static String shape(Clustering c) {
        StringBuilder s = new StringBuilder();
        for (Cluster k : c.clusters()) s.append(k.lead()).append(':').append(Arrays.toString(k.members().toArray())).append(' ');
        return s.toString().trim();
    }

    private static byte[][] proposals(long[] loops, boolean[] whole) {
        byte[][] p = new byte[loops.length][];
        for (int r = 0; r < loops.length; r++) p[r] = LoopRefinement.proposal(1, loops[r], loops[r] % 2 == 0 ? 0 : -1, loops[r] % 2 == 0 ? 1 : 0, whole[r]);
        return p;
    }

    @Test
    void eachClusterSplitsByNewLoopTheGroupWithItsLeadKeepingIt() {
        // Evens send, odds receive: in each cluster the group without the lead is led by its lowest rank.
        long[] loops = {2, 3, 2, 3, 2, 3, 2, 3};
        boolean[] whole = new boolean[8];
        Arrays.fill(whole, true);
        long aSecondAgo = System.nanoTime() - 1_000_000_000L;
        Clustering again = LoopRefinement.refine(FIRST, proposals(loops, whole), aSecondAgo);
        assertEquals("0:[0, 2] 1:[1, 3] 4:[4, 6] 5:[5, 7]", shape(again));
        assertEquals(3, again.clusterOf(1).callPath(), "a group's Call-Path is its new loop's shape");
        assertEquals(-1.0, again.clusterOf(1).src(), "and its end-points its lead's over the new loop");
        assertEquals(0.0, again.clusterOf(1).dest());
        long sinceStart = System.nanoTime() - aSecondAgo;
        assertTrue(again.nanos() >= 1_000_000_000L && again.nanos() <= sinceStart,
                "its time runs from the start given to the work's end: " + again.nanos() + " ns of " + sinceStart);
    }

    @Test
    void ranksOfTwoClustersOnTheSameNewLoopStayApart() {
        long[] loops = {2, 2, 2, 2, 2, 2, 2, 2};
        boolean[] whole = new boolean[8];
        Arrays.fill(whole, true);
        assertEquals(shape(FIRST), shape(LoopRefinement.refine(FIRST, proposals(loops, whole), 1)),
                "their calls before the change were other clusters': no lead stands for both");
    }

    @Test
    void aGroupNoneOfWhichHasItsWholeRunStaysWithItsLead() {
        long[] loops = {2, 3, 2, 3, 2, 3, 2, 3};
        boolean[] whole = {true, false, true, true, true, false, true, false};
        // 1 cannot lead, 3 can; in the second cluster neither 5 (its lead) nor 7... 5 leads its group anyway.
        assertEquals("0:[0, 2] 3:[1, 3] 4:[4, 6] 5:[5, 7]", shape(LoopRefinement.refine(FIRST, proposals(loops, whole), 1)));
        whole[3] = false;
        assertEquals("0:[0, 1, 2, 3] 4:[4, 6] 5:[5, 7]", shape(LoopRefinement.refine(FIRST, proposals(loops, whole), 1)),
                "no odd rank of the first cluster has its calls: they stay with 0, and Finalize counts them");
    }

    @Test
    void aMissingOrMalformedProposalIsRefused() {
        long[] loops = {2, 3, 2, 3, 2, 3, 2, 3};
        boolean[] whole = new boolean[8];
        byte[][] p = proposals(loops, whole);
        p[6] = null;
        assertThrows(IllegalArgumentException.class, () -> LoopRefinement.refine(FIRST, p, 1));
        p[6] = new byte[5];
        assertThrows(IllegalArgumentException.class, () -> LoopRefinement.refine(FIRST, p, 1));
    }
}
