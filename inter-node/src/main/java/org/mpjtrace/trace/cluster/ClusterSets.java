package org.mpjtrace.trace.cluster;

import org.mpjtrace.trace.ranks.RankSet;

/**
 * What a node of mode chameleon's clustering tree holds and sends to its parent: the candidate
 * clusters of its subtree, twice, once per end-point encoding (relative and absolute, see
 * {@link RankSignature}). Each list is cut back to K entries whenever it grows past K, so however many
 * ranks are below it a node has at most 2K entries per list in hand, its own and one child's (within
 * Chameleon's bound of 2K + 1; K grows when Call-Paths outnumber it). The root picks the encoding that
 * told the ranks apart with fewer clusters.
 *
 * <p>Immutable: {@link #merge} returns a new object.
 */
public final class ClusterSets {

    private final CandidateList relative;
    private final CandidateList absolute;
    /** Every rank of the subtree: the members of either list. */
    private final RankSet ranks;

    ClusterSets(CandidateList relative, CandidateList absolute, RankSet ranks) {
        this.relative = relative;
        this.absolute = absolute;
        this.ranks = ranks;
    }

    /** A leaf: one rank, leading itself in both encodings. */
    public static ClusterSets of(RankSignature s) {
        RankSet self = RankSet.single(s.rank());
        return new ClusterSets(
                CandidateList.of(new Candidate(new ClusterSignature(s.callPath(), s.srcRel(), s.destRel()), s.rank(), self)),
                CandidateList.of(new Candidate(new ClusterSignature(s.callPath(), s.srcAbs(), s.destAbs()), s.rank(), self)),
                self);
    }

    /**
     * This subtree and a child's together, each encoding's list merged (equal signatures joined, then
     * reduced to the top K when longer than k).
     *
     * @throws IllegalArgumentException when k is below 1 or the two share a rank (a subtree merged twice)
     */
    public ClusterSets merge(ClusterSets child, int k) {
        if (k < 1) throw new IllegalArgumentException("k " + k + " is below 1");
        RankSet all = ranks.union(child.ranks);
        if (all.size() != ranks.size() + child.ranks.size()) {
            throw new IllegalArgumentException("ranks " + ranks + " and " + child.ranks + " overlap");
        }
        return new ClusterSets(relative.merge(child.relative, k), absolute.merge(child.absolute, k), all);
    }

    /**
     * The clustering decided at the root. Relative end-points whenever their list is exact: no two ranks
     * with different signatures then share a lead. Only when the relative list had to be cut down to K
     * (ranks that agree on no relative pattern, like a master's workers) and the absolute one was not are
     * absolute end-points used. Fewer clusters alone is no reason: absolute means can coincide for
     * different patterns (on a 2x2 grid every rank's neighbours average 1.5).
     */
    public Clustering result(long nanos) {
        boolean useAbsolute = absolute.exact() && !relative.exact();
        return new Clustering((useAbsolute ? absolute : relative).clusters(), useAbsolute, nanos);
    }

    /** Every rank of this subtree. */
    public RankSet ranks() {
        return ranks;
    }

    /** The binary form for a byte message to the parent; see {@link ClusterSetsCodec}. */
    public byte[] encode() {
        return ClusterSetsCodec.encode(this);
    }

    /**
     * Reads {@link #encode}'s bytes, checking them against a world of worldSize ranks.
     *
     * @throws IllegalArgumentException with a one-line message when the bytes are not such a form
     */
    public static ClusterSets decode(byte[] bytes, int worldSize) {
        return ClusterSetsCodec.decode(bytes, worldSize);
    }

    CandidateList relative() {
        return relative;
    }

    CandidateList absolute() {
        return absolute;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ClusterSets other && relative.equals(other.relative) && absolute.equals(other.absolute);
    }

    @Override
    public int hashCode() {
        return 31 * relative.hashCode() + absolute.hashCode();
    }

    @Override
    public String toString() {
        return "ClusterSets[relative=" + relative + ", absolute=" + absolute + "]";
    }
}
