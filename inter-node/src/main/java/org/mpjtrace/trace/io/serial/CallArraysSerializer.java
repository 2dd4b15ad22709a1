package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.io.value.CorruptDataException;
import org.mpjtrace.trace.io.value.Counts;

/**
 * Version 5: the digest as 8 fixed bytes, then the four arrays, each as a varint (0 for null, else
 * its length + 1) followed by its elements as zigzag varints.
 */
public final class CallArraysSerializer extends Serializer<CallArrays> {
    /** Fewest bytes one entry takes: the digest and four null markers. */
    static final int MIN_BYTES = 8 + 4;

    @Override
    public void write(Kryo kryo, Output out, CallArrays a) {
        out.writeLong(a.digest()); // a hash: a varint would only make it longer
        writeArray(out, a.a1());
        writeArray(out, a.a2());
        writeArray(out, a.a3());
        writeArray(out, a.a4());
    }

    @Override
    public CallArrays read(Kryo kryo, Input in, Class<? extends CallArrays> type) {
        long digest = in.readLong();
        return new CallArrays(digest, readArray(in), readArray(in), readArray(in), readArray(in));
    }

    private static void writeArray(Output out, int[] a) {
        if (a == null) {
            out.writeVarInt(0, true);
            return;
        }
        out.writeVarInt(a.length + 1, true);
        for (int v : a) out.writeVarInt(v, false);
    }

    private static int[] readArray(Input in) {
        int marker = in.readVarInt(true);
        if (marker == 0) return null;
        if (marker < 0) throw new CorruptDataException("array length " + Integer.toUnsignedString(marker - 1) + " out of range");
        int n = marker - 1;
        Counts.require(in, n, 1, "array element");
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = in.readVarInt(false);
        return a;
    }
}
