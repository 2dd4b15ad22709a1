package org.mpjtrace.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.mpjtrace.runtime.config.TracerConfig;
import org.mpjtrace.signatures.cluster.SignatureVector;
import org.mpjtrace.trace.cluster.ClusterSets;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.RankSignature;

/**
 * Rank 0 clusters the ranks' own loops from their proposals alone, in each mode's way: a ring of 8 ranks
 * where rank 0 sends first and the others receive first (two Call-Paths), with the same relative peers.
 */
class LoopClusteringTest {
    private static final long SENDS_FIRST = 0x5e4df1257L, RECEIVES_FIRST = 0x7ec31feL;

    private static byte[][] chameleonProposals(int size) {
        byte[][] p = new byte[size][];
        for (int r = 0; r < size; r++) {
            RankSignature s = new RankSignature(r, r == 0 ? SENDS_FIRST : RECEIVES_FIRST, -1, 1, (r + size - 1) % size, (r + 1) % size);
            p[r] = LoopClustering.proposal(2, ClusterSets.of(s).encode());
        }
        return p;
    }

    @Test
    void chameleonPutsTheRanksOfOneCallPathAndLikePeersUnderOneLead() {
        Clustering c = LoopClustering.cluster(TracerConfig.parse("mode=chameleon"), chameleonProposals(8), System.nanoTime());
        assertEquals(2, c.clusters().size(), c.toString());
        assertArrayEquals(new int[] {0, 1}, c.leads());
        for (int r = 1; r < 8; r++) assertEquals(1, c.clusterOf(r).lead(), "rank " + r);
    }

    @Test
    void chameleonKeepsAtMostKClustersOfOneCallPath() {
        byte[][] p = new byte[6][];
        for (int r = 0; r < 6; r++)
            p[r] = LoopClustering.proposal(1, ClusterSets.of(new RankSignature(r, SENDS_FIRST, r, -r, r, r)).encode());
        assertEquals(6, LoopClustering.cluster(TracerConfig.parse("mode=chameleon,k=9"), p, 0).clusters().size());
        assertEquals(3, LoopClustering.cluster(TracerConfig.parse("mode=chameleon,k=3"), p, 0).clusters().size());
    }

    @Test
    void referenceClustersEqualSequencesOnly() {
        byte[][] p = new byte[6][];
        for (int r = 0; r < 6; r++)
            p[r] = LoopClustering.proposal(1, ClusterSets.of(new RankSignature(r, r % 3, 0, 0, 0, 0)).encode());
        Clustering c = LoopClustering.cluster(TracerConfig.parse("mode=reference"), p, 0);
        assertEquals(3, c.clusters().size(), c.toString());
        for (int r = 3; r < 6; r++) assertEquals(r - 3, c.clusterOf(r).lead());
    }

    @Test
    void acurdionClustersOnTheSignaturesWhereTheRanksDiffer() {
        byte[][] p = new byte[8][];
        for (int r = 0; r < 8; r++) {
            SignatureVector v = SignatureVector.of(r == 0 ? SENDS_FIRST : RECEIVES_FIRST, 1, -1, 1, 0, 0, 7, 0, 1, 2, 4);
            ByteBuffer b = ByteBuffer.allocate(8 * v.words().length);
            for (long w : v.words()) b.putLong(w);
            p[r] = LoopClustering.proposal(2, b.array());
        }
        Clustering c = LoopClustering.cluster(TracerConfig.parse("mode=acurdion"), p, 0);
        assertArrayEquals(new int[] {0, 1}, c.leads(), c.toString());
        assertEquals(7, c.clusterOf(1).members().size());
    }

    @Test
    void aProposalGivesItsPeriod() {
        assertEquals(2, LoopClustering.period(chameleonProposals(3)[1]));
    }
}
