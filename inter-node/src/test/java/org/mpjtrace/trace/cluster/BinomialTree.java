package org.mpjtrace.trace.cluster;

import java.util.List;
import java.util.function.BiConsumer;

/**
 * Cluster sets merged up a binomial tree, as the ranks would: in the round of step s = 1, 2, 4, ...
 * rank r + s sends to rank r for every r that is a multiple of 2s; rank 0 ends with the whole world.
 */
final class BinomialTree {

    private BinomialTree() {}

    static ClusterSets reduce(List<RankSignature> byRank, int k) {
        return reduce(byRank, k, (parent, child) -> {});
    }

    /** beforeMerge sees the parent's and the child's sets just before each merge. */
    static ClusterSets reduce(List<RankSignature> byRank, int k, BiConsumer<ClusterSets, ClusterSets> beforeMerge) {
        ClusterSets[] nodes = byRank.stream().map(ClusterSets::of).toArray(ClusterSets[]::new);
        for (int s = 1; s < nodes.length; s *= 2) {
            for (int r = 0; r + s < nodes.length; r += 2 * s) {
                beforeMerge.accept(nodes[r], nodes[r + s]);
                nodes[r] = nodes[r].merge(nodes[r + s], k);
            }
        }
        return nodes[0];
    }
}
