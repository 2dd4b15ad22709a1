package org.mpjtrace.trace.cluster;

import java.util.List;
import org.mpjtrace.signatures.cluster.Signature;
import org.mpjtrace.signatures.cluster.SignatureFormat;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * The clusters decided at one marker: disjoint, covering every rank, ordered by lead.
 *
 * @param absoluteEndpoints true when the end-point signatures were compared as absolute ranks (the
 *                          ranks agreed better that way, as with a master and its workers), false when
 *                          relative to each rank (SPMD neighbours)
 * @param nanos             how long the clustering took at the root of the tree, from the vote's end to
 *                          the broadcast of the result (in mode acurdion signature building included)
 * @param format            the signatures the clusters were formed on ({@link Signature} bits): Call-Path,
 *                          SRC and DEST in mode chameleon, those Adaptive Signature Building selected in
 *                          mode acurdion, none in mode reference (which compares whole event sequences)
 */
public record Clustering(List<Cluster> clusters, boolean absoluteEndpoints, long nanos, int format) {

    /** Mode chameleon's format. */
    public static final int CHAMELEON_FORMAT = Signature.CALL_PATH.bit() | Signature.SRC.bit() | Signature.DEST.bit();

    public Clustering {
        clusters = List.copyOf(clusters);
        if (clusters.isEmpty()) throw new IllegalArgumentException("no clusters");
        if (!SignatureFormat.valid(format)) throw new IllegalArgumentException("bad signature format " + Integer.toHexString(format));
    }

    /** A clustering of mode chameleon. */
    public Clustering(List<Cluster> clusters, boolean absoluteEndpoints, long nanos) {
        this(clusters, absoluteEndpoints, nanos, CHAMELEON_FORMAT);
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
