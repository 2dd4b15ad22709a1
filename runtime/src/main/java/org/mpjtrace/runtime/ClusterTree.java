package org.mpjtrace.runtime;

import org.mpjtrace.trace.cluster.ClusterSets;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.ClusteringCodec;
import org.mpjtrace.trace.cluster.RankSignature;

/**
 * Clustering over a binomial tree of all ranks on the private communicator (Chameleon's Algorithm 3,
 * lines 7-25): each rank starts with its own signature, receives its children's cluster lists, merges
 * them into its own keeping at most K clusters (so a node never holds more than 2K+1), and sends the
 * result to its parent; rank 0 picks the final clusters and the same tree carries them back down.
 * log2 P rounds each way, messages of O(K) entries.
 */
final class ClusterTree {
    private static final int UP_TAG = 0x6d70_7410;
    private static final int DOWN_TAG = UP_TAG + 2;

    private ClusterTree() {}

    static Clustering cluster(RankContext ctx, RankSignature mine, int k) throws ReflectiveOperationException {
        long start = System.nanoTime();
        ClusterSets sets = ClusterSets.of(mine);
        int lowBit = ctx.rank == 0 ? Integer.highestOneBit(Math.max(1, ctx.size - 1)) << 1 : Integer.lowestOneBit(ctx.rank);
        for (int step = 1; step < lowBit && ctx.rank + step < ctx.size; step <<= 1) {
            int child = ctx.rank + step;
            sets = sets.merge(readable(ctx, ctx.mpj.recvBytes(ctx.privateComm, child, UP_TAG), child, Math.min(step, ctx.size - child), k), k);
        }
        byte[] result;
        if (ctx.rank == 0) {
            result = ClusteringCodec.encode(sets.result(System.nanoTime() - start));
        } else {
            ctx.mpj.sendBytes(ctx.privateComm, sets.encode(), ctx.rank - lowBit, UP_TAG);
            result = ctx.mpj.recvBytes(ctx.privateComm, ctx.rank - lowBit, DOWN_TAG);
        }
        // Down the same tree, the largest subtree first.
        for (int step = lowBit >> 1; step >= 1; step >>= 1) {
            if (ctx.rank + step < ctx.size) ctx.mpj.sendBytes(ctx.privateComm, result, ctx.rank + step, DOWN_TAG);
        }
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
}
