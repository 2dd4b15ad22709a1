package org.mpjtrace.runtime.recording;

/**
 * Symbolic request ids from per-signature pools (as in Pilgrim): a request made at a call path takes
 * the lowest free slot of that path's pool and gives it back when completed, so an Isend/Waitall loop
 * names the same ids every iteration and its trace folds. An id is {@code pool * SLOTS + slot}, pools
 * numbered in order of first use by the thread (the same order on every rank of an SPMD code).
 * Allocation-free: fixed arrays, open addressing from signature to pool.
 */
final class RequestPools {
    static final int SLOTS = 256; // outstanding requests per call path before ids stop being reused
    static final int UNTRACKED = -1;
    private static final int MAX_POOLS = 1024;
    private static final int TABLE = 2048; // power of two, twice MAX_POOLS
    private static final int WORDS = SLOTS / 64;

    private final long[] keys = new long[TABLE];
    private final int[] poolOf = new int[TABLE]; // pool number + 1; 0 = empty slot
    private final long[] used = new long[MAX_POOLS * WORDS];
    private int pools;

    /** A free id in the pool of {@code signature}, now taken; UNTRACKED when the pool is full. */
    int take(long signature) {
        int pool = pool(signature);
        if (pool < 0) return UNTRACKED;
        int base = pool * WORDS;
        for (int w = 0; w < WORDS; w++) {
            long free = ~used[base + w];
            if (free != 0) {
                int bit = Long.numberOfTrailingZeros(free);
                used[base + w] |= 1L << bit;
                return pool * SLOTS + w * 64 + bit;
            }
        }
        return UNTRACKED;
    }

    /** Gives {@code id} back to its pool. */
    void give(int id) {
        if (id < 0) return;
        int pool = id / SLOTS, slot = id % SLOTS;
        if (pool >= pools) return;
        used[pool * WORDS + slot / 64] &= ~(1L << (slot % 64));
    }

    private int pool(long signature) {
        int i = (int) (org.mpjtrace.signatures.Mix64.mix(signature) & (TABLE - 1));
        while (poolOf[i] != 0) {
            if (keys[i] == signature) return poolOf[i] - 1;
            i = (i + 1) & (TABLE - 1);
        }
        if (pools == MAX_POOLS) return -1;
        keys[i] = signature;
        poolOf[i] = ++pools;
        return pools - 1;
    }
}
