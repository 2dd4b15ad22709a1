package org.mpjtrace.trace;

/**
 * How a record keeps a call's boolean array in one int field (Sub's remain_dims, Create_cart's periods;
 * see {@link Event}): flag i as bit i, for at most {@link #MAX} flags, which no grid's dimensions exceed.
 */
public final class FlagBits {
    public static final int MAX = 31;

    private FlagBits() {}

    /** The flags as the field holds them. */
    public static int of(boolean[] flags) {
        int bits = 0;
        for (int i = 0; i < flags.length && i < MAX; i++) if (flags[i]) bits |= 1 << i;
        return bits;
    }

    /** The first {@code n} flags the field holds. */
    public static boolean[] toArray(int bits, int n) {
        boolean[] flags = new boolean[n];
        for (int i = 0; i < n && i < MAX; i++) flags[i] = isSet(bits, i);
        return flags;
    }

    public static boolean isSet(int bits, int i) {
        return (bits & (1 << i)) != 0;
    }
}
