package org.mpjtrace.signatures.cluster;

/**
 * The binomial tree the clustering runs over, rooted at rank 0: rank r's parent is r with its lowest set
 * bit cleared, and its children are r + 1, r + 2, r + 4, ... below that bit (and below size). A subtree
 * of 2^j ranks hangs at each child, so a message goes up or down in ceil(log2 P) rounds.
 */
public final class BinomialTree {

    private BinomialTree() {}

    /** The parent of rank, or -1 for the root. */
    public static int parent(int rank) {
        return rank == 0 ? -1 : rank - Integer.lowestOneBit(rank);
    }

    /** The children of rank in a tree of size ranks, nearest (smallest subtree) first. */
    public static int[] children(int rank, int size) {
        int limit = limit(rank, size);
        int count = 0;
        for (int step = 1; step < limit && rank + step < size; step <<= 1) count++;
        int[] children = new int[count];
        for (int i = 0, step = 1; i < count; i++, step <<= 1) children[i] = rank + step;
        return children;
    }

    /** How many ranks the subtree rooted at child holds. */
    public static int subtreeSize(int child, int size) {
        return Math.min(limit(child, size), size - child);
    }

    /** One past the largest offset of rank's subtree: its lowest set bit (for the root, above size). */
    private static int limit(int rank, int size) {
        return rank == 0 ? Integer.highestOneBit(Math.max(1, size - 1)) << 1 : Integer.lowestOneBit(rank);
    }
}
