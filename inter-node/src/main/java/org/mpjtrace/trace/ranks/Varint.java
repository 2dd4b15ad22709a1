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
 *
 * <p>Why not Kryo's: Kryo 5.6.2's Output.writeVarInt(v, true) writes the same bytes for every
 * non-negative int (VarintKryoTest), but over a Kryo Output, and rank sets also travel in DataOutput
 * messages (the clustering codecs). There, going through Kryo gains nothing in writing (11 ns per value
 * through a scratch Output per set, then copied, against 14 here, within the runs' spread) and nearly
 * triples the reading, 45 ns and 22 B per value against 16 ns and none (a Kryo Input of one byte per set: a
 * larger one reads past the set, whose length the format does not hold). Inside Kryo data (RankSetIo)
 * Kryo's own are faster, 4.6 and 5.7 ns per value against 12 and 10 through a Data stream per set, but
 * its reader takes six-byte values and drops bits past 32 that {@link #read} refuses. VarintBenchmark,
 * measured 2026-11-26 on 2 shared cores; see docs/benchmarks.md.
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
