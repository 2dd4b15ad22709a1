package org.mpjtrace.runtime.recording;

/**
 * The stack signatures one thread has already registered, so the probe registers each calling context
 * once per thread: an open-addressing set of longs (linear probing), allocation-free except when it
 * grows, which happens only on the slow path of a new signature.
 */
public final class SignatureSet {
    private static final int INITIAL = 64;

    private long[] slots = new long[INITIAL];
    /** 0 marks a free slot, so the signature 0 is kept aside. */
    private boolean hasZero;
    private int size;

    public boolean contains(long signature) {
        if (signature == 0) return hasZero;
        long[] s = slots;
        int mask = s.length - 1;
        for (int i = slot(signature, mask); ; i = (i + 1) & mask) {
            long v = s[i];
            if (v == signature) return true;
            if (v == 0) return false;
        }
    }

    /** Adds {@code signature}; returns whether it was new. */
    public boolean add(long signature) {
        if (signature == 0) {
            boolean added = !hasZero;
            hasZero = true;
            return added;
        }
        if (contains(signature)) return false;
        if (2 * (size + 1) > slots.length) grow();
        insert(slots, signature);
        size++;
        return true;
    }

    public int size() {
        return size + (hasZero ? 1 : 0);
    }

    private void grow() {
        long[] bigger = new long[slots.length * 2];
        for (long v : slots) if (v != 0) insert(bigger, v);
        slots = bigger;
    }

    private static void insert(long[] s, long signature) {
        int mask = s.length - 1;
        int i = slot(signature, mask);
        while (s[i] != 0) i = (i + 1) & mask;
        s[i] = signature;
    }

    /** Signatures are already well-mixed hashes: their low bits serve as the slot. */
    private static int slot(long signature, int mask) {
        return (int) (signature ^ (signature >>> 32)) & mask;
    }
}
