package org.mpjtrace.trace.ranks;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.EOFException;
import java.io.IOException;
import java.util.function.Supplier;

/**
 * Unsigned LEB128 for non-negative ints: 7 bits per byte, low bits first, high bit set on every byte
 * but the last. Ranks, counts and strides are mostly small, so most take one or two bytes instead of
 * four; at most five bytes.
 */
final class Varint {

    private Varint() {}

    static void write(DataOutput out, int value) throws IOException {
        if (value < 0) throw new IllegalArgumentException("negative varint " + value);
        while ((value & ~0x7F) != 0) {
            out.writeByte((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out.writeByte(value);
    }

    /**
     * Reads one value; what names it (built only then) in the message if the data ends early, runs past five bytes or
     * passes 2^31 - 1 (which no rank, count or stride can be).
     */
    static int read(DataInput in, Supplier<String> what) throws IOException {
        long value = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            int b;
            try {
                b = in.readUnsignedByte();
            } catch (EOFException e) {
                throw new RankSetFormatException("rank set truncated: data ends inside " + what.get());
            }
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                if (value > Integer.MAX_VALUE) {
                    throw new RankSetFormatException("rank set: " + what.get() + " " + value + " passes 2^31 - 1");
                }
                return (int) value;
            }
        }
        throw new RankSetFormatException("rank set: " + what.get() + " is longer than five bytes");
    }
}
