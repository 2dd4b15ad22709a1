package org.mpjtrace.runtime.collective;

import org.mpjtrace.runtime.config.TracerLog;
import org.mpjtrace.runtime.rank.RankContext;
import org.mpjtrace.signatures.cluster.BinomialTree;
import org.mpjtrace.trace.cluster.ClusterSets;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.ClusteringCodec;
import org.mpjtrace.trace.cluster.RankSignature;

/**
 * Mode chameleon's clustering (and mode reference's, with no bound on the clusters) over a binomial tree
 * ({@link BinomialTree}) of all ranks on the private communicator (Chameleon's Algorithm 3,
 * lines 7-25): each rank starts with its own signature, receives its children's cluster lists, merges
 * them into its own keeping at most K clusters (so a node never holds more than 2K+1), and sends the
 * result to its parent; rank 0 picks the final clusters and the same tree carries them back down.
 * log2 P rounds each way, messages of O(K) entries.
 */
final class ClusterTree {

    private ClusterTree() {}

    static Clustering cluster(RankContext ctx, RankSignature mine, int k) throws ReflectiveOperationException {
        long start = System.nanoTime();
        ClusterSets sets = ClusterSets.of(mine);
        int[] children = BinomialTree.children(ctx.rank, ctx.size);
        for (int child : children) {
            byte[] bytes = ctx.mpj.recvBytes(ctx.privateComm(), child, MessageTags.CLUSTERS_UP);
            sets = sets.merge(readable(ctx, bytes, child, BinomialTree.subtreeSize(child, ctx.size), k), k);
        }
        byte[] result;
        int parent = BinomialTree.parent(ctx.rank);
        if (parent < 0) {
            result = ClusteringCodec.encode(sets.result(System.nanoTime() - start));
        } else {
            ctx.mpj.sendBytes(ctx.privateComm(), sets.encode(), parent, MessageTags.CLUSTERS_UP);
            result = ctx.mpj.recvBytes(ctx.privateComm(), parent, MessageTags.CLUSTERS_DOWN);
        }
        TreeBroadcast.toChildren(ctx, children, result, MessageTags.CLUSTERS_DOWN);
        return ClusteringCodec.decode(result, ctx.size);
    }

    /**
     * A child's cluster lists; if they cannot be read (a bug of ours), its subtree's ranks as clusters of
     * their own with empty signatures, so every rank still belongs to a cluster.
     */
    private static ClusterSets readable(RankContext ctx, byte[] bytes, int child, int subtree, int k) {
        try {
            return ClusterSets.decode(bytes, ctx.size);
        } catch (RuntimeException e) {
            TracerLog.line("rank " + ctx.rank + ": the clusters of ranks from " + child + " could not be read (" + TracerLog.describe(e) + ")");
            ClusterSets sets = ClusterSets.of(new RankSignature(child, 0, 0, 0, 0, 0));
            for (int r = child + 1; r < child + subtree; r++) sets = sets.merge(ClusterSets.of(new RankSignature(r, 0, 0, 0, 0, 0)), k);
            return sets;
        }
    }

    /** Mode reference's signature of a rank: the hash of its whole call sequence, no end-points. */
    static RankSignature ofSequence(int rank, long sequenceHash) {
        return new RankSignature(rank, sequenceHash, 0, 0, 0, 0);
    }

    /** Mode reference's clustering: equal whole-sequence hashes only, so no end-points are compared. */
    static Clustering exactOnly(Clustering c) {
        return new Clustering(c.clusters(), false, c.nanos(), 0);
    }
}
