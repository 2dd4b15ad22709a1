package org.mpjtrace.replay;

import org.mpjtrace.signatures.Mix64;

/**
 * Create_cart's dims, found again from the digest the trace keeps of them: every grid of one to
 * {@link #MAX_DIMS} dimensions with at most as many cells as the communicator has ranks is hashed as
 * the recorder hashed the call's arrays, until one matches. Grids of a few thousand ranks take well
 * under a second. (Periods are not recorded: the replay makes every dimension periodic, which changes
 * only what a replayed Shift answers, never the peers of the replayed messages, which are recorded.)
 */
final class CartDims {
    static final int MAX_DIMS = 6;

    private CartDims() {}

    /** @return the dims, or null when no grid of at most {@code size} cells has this digest */
    static int[] find(long digest, int size) {
        for (int n = 1; n <= MAX_DIMS; n++) {
            int[] dims = new int[n];
            if (search(dims, 0, 1, size, digest)) return dims;
        }
        return null;
    }

    /** The digest the recorder makes of Create_cart's arrays (dims, and no other array). */
    static long digestOf(int[] dims) {
        return Mix64.combine(Mix64.combine(Mix64.of(dims), Mix64.of((int[]) null)),
                Mix64.combine(Mix64.of((int[]) null), Mix64.of((int[]) null)));
    }

    private static boolean search(int[] dims, int at, long product, int size, long digest) {
        if (at == dims.length) return digestOf(dims) == digest;
        for (int d = 1; product * d <= size; d++) {
            dims[at] = d;
            if (search(dims, at + 1, product * d, size, digest)) return true;
        }
        return false;
    }
}
