package org.mpjtrace.trace.cluster;

import java.util.List;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * The clusters decided at one marker: disjoint, covering every rank, ordered by lead.
 *
 * @param absoluteEndpoints true when the end-point signatures were compared as absolute ranks (the
 *                          ranks agreed better that way, as with a master and its workers), false when
 *                          relative to each rank (SPMD neighbours)
 * @param nanos             how long the clustering took at the root of the tree, from the vote's end to
 *                          the broadcast of the result
 */
public record Clustering(List<Cluster> clusters, boolean absoluteEndpoints, long nanos) {

    public Clustering {
        clusters = List.copyOf(clusters);
        if (clusters.isEmpty()) throw new IllegalArgumentException("no clusters");
    }

    /** The cluster rank {@code rank} belongs to, or null. */
    public Cluster clusterOf(int rank) {
        for (Cluster c : clusters) if (c.members().contains(rank)) return c;
        return null;
    }

    /** Every rank of every cluster. */
    public RankSet ranks() {
        RankSet all = RankSet.empty();
        for (Cluster c : clusters) all = all.union(c.members());
        return all;
    }

    /** The leads, in cluster order. */
    public int[] leads() {
        int[] leads = new int[clusters.size()];
        for (int i = 0; i < leads.length; i++) leads[i] = clusters.get(i).lead();
        return leads;
    }
}
