package org.mpjtrace.runtime.collective;

/**
 * Every tag of the tracer's messages on its private communicator, in one table, so that no two kinds of
 * message can share a tag even if their phases come to overlap. A byte message takes two tags (its length,
 * then its bytes: {@code MpjAccess.sendBytes} uses tag and tag + 1), so the kinds are two apart. The
 * private communicator is a clone of COMM_WORLD, so none of these can match an application message;
 * the base ("mpt", then a byte of ours) only makes them easy to spot in a debugger.
 */
final class MessageTags {
    private static final int BASE = 0x6d70_7400;

    /** MPI.Finalize: each rank's section of the file, to rank 0 (TraceCollector). */
    static final int RANK_SECTION = BASE;
    /** MPI.Finalize, mode full: rank 0's map of a rank's call-site ids to the file's, back to the rank. */
    static final int SITE_MAP = BASE + 2;
    /** MPI.Finalize, mode full: a subtree's merged trace, up the binomial tree (FinalMerge). */
    static final int FINAL_MERGE = BASE + 4;

    /** Chameleon's and reference's clustering (ClusterTree): cluster lists up the tree, the result down. */
    static final int CLUSTERS_UP = BASE + 6;
    static final int CLUSTERS_DOWN = BASE + 8;

    /** Acurdion's clustering (AcurdionTree): Adaptive Signature Building's signatures and format, up and down. */
    static final int FORMAT_UP = BASE + 10;
    static final int FORMAT_DOWN = BASE + 12;
    /** Acurdion's K-farthest candidates up the tree, the clustering down. */
    static final int CANDIDATES_UP = BASE + 14;
    static final int CANDIDATES_DOWN = BASE + 16;

    /** The leads' merge at a marker (LeadMerge), niodev: a lead's call-site tables to rank 0, and its map back. */
    static final int LEAD_SITES = BASE + 18;
    static final int LEAD_SITE_MAP = BASE + 20;
    /** A lead's merged block to its parent in the leads' tree, and the tree root's to rank 0. */
    static final int LEAD_MERGE = BASE + 22;
    static final int LEAD_ROOT = BASE + 24;

    /**
     * Where the leads merge and the clusters end (MPI.Finalize, or a marker back to AT): each rank's calls since the
     * last marker as a hash, and whether it kept them, to rank 0; the ranks that move to a new lead for that
     * interval, back to every rank (IntervalSplit).
     */
    static final int SPLIT_PATHS = BASE + 26;
    static final int SPLIT_MOVES = BASE + 34;
    /**
     * Own loops, after the split at MPI.Finalize: a moved group's new lead asks its old lead for the calls
     * before it proposed its loop (how many), and gets them back as records, with the sites they name
     * (OwnLoopPrefixes).
     */
    static final int SPLIT_PREFIX_ASK = BASE + 36;
    static final int SPLIT_PREFIX = BASE + 38;

    /** Marker auto's own loops (LoopMarker): each rank's proposal to rank 0, the clustering back, each rank's looks again. */
    static final int LOOP_UP = BASE + 28;
    static final int LOOP_DOWN = BASE + 30;
    static final int LOOP_VOTE = BASE + 32;
    /** Their new loops under the clusters, each rank's to rank 0, and the clustering again back (LoopMarker, LoopRefinement). */
    static final int LOOP_AGAIN_UP = BASE + 40;
    static final int LOOP_AGAIN_DOWN = BASE + 42;

    private MessageTags() {}
}
