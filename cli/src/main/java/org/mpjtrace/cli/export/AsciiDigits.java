package org.mpjtrace.cli.export;

/**
 * A non-negative long as its decimal digits, written into a byte array: the numbers of the text exports
 * (Paraver's records, the JSON writers' values), several per call and tens of millions per export.
 * Two digits per division by 100, from a table, rather than one per division by 10 and a reversal:
 * Paraver's number writing went from 47% to 38% of its export's main thread (10 million calls,
 * docs/benchmarks.md).
 */
final class AsciiDigits {
    /** Most digits a long takes. */
    static final int MAX = 19;
    /** Most bytes {@link #writeSigned} writes: a sign and {@link #MAX} digits. */
    static final int MAX_SIGNED = MAX + 1;
    private static final byte[] MIN_LONG = Long.toString(Long.MIN_VALUE).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] TENS = new byte[100], ONES = new byte[100];

    static {
        for (int i = 0; i < 100; i++) {
            TENS[i] = (byte) ('0' + i / 10);
            ONES[i] = (byte) ('0' + i % 10);
        }
    }

    private AsciiDigits() {}

    /** Writes {@code v}, with its sign when negative, at {@code at}; returns the index after its last digit. */
    static int writeSigned(byte[] buf, int at, long v) {
        if (v >= 0) return write(buf, at, v);
        if (v == Long.MIN_VALUE) { // no positive counterpart
            System.arraycopy(MIN_LONG, 0, buf, at, MIN_LONG.length);
            return at + MIN_LONG.length;
        }
        buf[at] = '-';
        return write(buf, at + 1, -v);
    }

    /** Writes {@code v} (0 or more) at {@code at}; returns the index after its last digit. */
    static int write(byte[] buf, int at, long v) {
        int end = at + length(v);
        int p = end;
        while (v >= 100) {
            long q = v / 100;
            int r = (int) (v - q * 100);
            buf[--p] = ONES[r];
            buf[--p] = TENS[r];
            v = q;
        }
        int r = (int) v;
        buf[--p] = ONES[r];
        if (r >= 10) buf[--p] = TENS[r];
        return end;
    }

    /** How many digits {@code v} (0 or more) takes. */
    static int length(long v) {
        int n = 1;
        for (long bound = 10; n < MAX && v >= bound; bound *= 10) n++;
        return n;
    }
}
