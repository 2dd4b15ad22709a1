package org.mpjtrace.trace.io.value;

import com.esotericsoftware.kryo.io.Input;

/**
 * Reading element counts: a count comes before what it counts, so a damaged one must be refused
 * before anything is allocated for it. Every element takes at least some bytes, which bounds an
 * honest count by the raw bytes left.
 */
public final class Counts {

    private Counts() {}

    public static int read(Input in, int minBytesEach, String what) {
        int n = in.readVarInt(true);
        if (n < 0) throw new CorruptDataException(what + " count " + Integer.toUnsignedString(n) + " out of range");
        require(in, n, minBytesEach, what);
        return n;
    }

    public static void require(Input in, long n, int minBytesEach, String what) {
        if (!(in instanceof BoundedInput bounded)) return;
        long needed = n * minBytesEach;
        long left = bounded.remaining();
        if (needed > left)
            throw new CorruptDataException(what + " count " + n + " needs at least " + needed + " bytes, " + left + " left");
    }
}
