package org.mpjtrace.cli.fuzz;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Random;

/**
 * Mutations of a byte array, each described in words so a failure can be reproduced by hand: bit
 * flips, bytes and ints overwritten with boundary values, truncation, ranges inserted and deleted, and
 * a varint (the format's counts and lengths) multiplied or replaced by a boundary value.
 */
final class ByteMutations {
    private static final int[] BYTE_VALUES = {0x00, 0xFF, 0x80, 0x7F, 0x01};
    private static final int[] INT_VALUES = {0, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 1 << 20, (1 << 20) + 1, 256, 0x0FFFFFFF};
    private static final long[] VARINT_VALUES = {0, 1, 127, 128, 0x7FFFFFFFL, 0xFFFFFFFFL, 1L << 20, 1L << 28, Long.MAX_VALUE};
    private static final long[] FACTORS = {2, 3, 16, 255, 1000, 1 << 20};

    /** A mutated array and what was done to it. */
    record Result(byte[] bytes, String what) {}

    private ByteMutations() {}

    /** One mutation at random of {@code a} (which is not changed); {@code where} names the array in the description. */
    static Result any(byte[] a, Random random, String where) {
        if (a.length == 0) {
            byte[] b = new byte[1 + random.nextInt(8)];
            random.nextBytes(b);
            return new Result(b, where + ": " + b.length + " random bytes into an empty array");
        }
        int at = random.nextInt(a.length);
        byte[] b = a.clone();
        switch (random.nextInt(8)) {
            case 0: {
                int bit = random.nextInt(8);
                b[at] ^= (byte) (1 << bit);
                return new Result(b, where + ": bit " + bit + " of byte " + at + " flipped");
            }
            case 1: {
                int v = BYTE_VALUES[random.nextInt(BYTE_VALUES.length)];
                b[at] = (byte) v;
                return new Result(b, where + ": byte " + at + " set to 0x" + Integer.toHexString(v));
            }
            case 2: {
                int v = INT_VALUES[random.nextInt(INT_VALUES.length)];
                for (int k = 0; k < 4 && at + k < b.length; k++) b[at + k] = (byte) (v >>> (24 - 8 * k));
                return new Result(b, where + ": int at " + at + " set to " + v);
            }
            case 3: {
                int length = random.nextInt(a.length);
                return new Result(Arrays.copyOf(a, length), where + ": cut to " + length + " of " + a.length + " bytes");
            }
            case 4: {
                int n = 1 + random.nextInt(Math.min(64, a.length));
                int from = random.nextInt(a.length - n + 1);
                byte[] inserted = random.nextBoolean() ? Arrays.copyOfRange(a, from, from + n) : randomBytes(random, n);
                return new Result(splice(a, at, 0, inserted), where + ": " + n + " bytes inserted at " + at);
            }
            case 5: {
                int n = 1 + random.nextInt(Math.min(64, a.length - at));
                return new Result(splice(a, at, n, new byte[0]), where + ": " + n + " bytes deleted at " + at);
            }
            case 6: {
                long factor = FACTORS[random.nextInt(FACTORS.length)];
                int length = varintLength(a, at);
                long v = readVarint(a, at, length);
                return new Result(splice(a, at, length, varint(v * factor)), where + ": varint " + v + " at " + at + " multiplied by " + factor);
            }
            default: {
                long v = VARINT_VALUES[random.nextInt(VARINT_VALUES.length)];
                return new Result(splice(a, at, varintLength(a, at), varint(v)), where + ": varint at " + at + " set to " + v);
            }
        }
    }

    static byte[] splice(byte[] a, int at, int removed, byte[] inserted) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(a, 0, at);
        out.writeBytes(inserted);
        out.write(a, at + removed, a.length - at - removed);
        return out.toByteArray();
    }

    private static byte[] randomBytes(Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    /** Bytes of the LEB128 varint starting at {@code at}, at most 10 and no further than the array. */
    private static int varintLength(byte[] a, int at) {
        int n = 1;
        while (n < 10 && at + n <= a.length - 1 && (a[at + n - 1] & 0x80) != 0) n++;
        return n;
    }

    private static long readVarint(byte[] a, int at, int length) {
        long v = 0;
        for (int k = 0; k < length; k++) v |= (long) (a[at + k] & 0x7F) << (7 * k);
        return v;
    }

    private static byte[] varint(long v) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while ((v & ~0x7FL) != 0) {
            out.write((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write((int) v);
        return out.toByteArray();
    }
}
