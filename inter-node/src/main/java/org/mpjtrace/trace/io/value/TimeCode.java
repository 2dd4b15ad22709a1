package org.mpjtrace.trace.io.value;

/**
 * A duration in nanoseconds as a fixed 16-bit code: exact below 2048 ns, within 0.1% above (a 10-bit
 * mantissa with a power-of-two scale), up to about 2^63. Monotone, so order survives (min <= mean <=
 * max stays true). Used for the statistics of timing histograms, whose exact nanoseconds would make a
 * compressed trace grow with the run while carrying only noise.
 */
public final class TimeCode {
    private static final int EXACT = 2048;
    private static final int MANTISSA = 1024;

    private TimeCode() {}

    public static int encode(long nanos) {
        if (nanos < 0) throw new IllegalArgumentException("negative duration " + nanos);
        if (nanos < EXACT) return (int) nanos;
        int e = 63 - Long.numberOfLeadingZeros(nanos) - 10; // nanos >> e is in [1024, 2048)
        long m = (nanos >> e) - MANTISSA;
        return EXACT + (e - 1) * MANTISSA + (int) m;
    }

    public static long decode(int code) {
        if (code < 0 || code > 0xFFFF) throw new CorruptDataException("time code " + code + " out of range");
        if (code < EXACT) return code;
        int e = (code - EXACT) / MANTISSA + 1;
        if (e > 53) throw new CorruptDataException("time code " + code + " out of range");
        long m = (code - EXACT) % MANTISSA;
        return (MANTISSA + m) << e;
    }
}
