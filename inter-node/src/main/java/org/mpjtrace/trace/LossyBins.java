package org.mpjtrace.trace;

/**
 * Pilgrim's lossy timing: a time in exponential bins of base 1 + epsilon, so that the bin's value is
 * within a relative error epsilon of every time in it. Bin 0 holds everything below 1 us, valued at
 * 500 ns (an absolute error of at most 500 ns there); bin b >= 1 holds [L, L (1 + epsilon)) with
 * L = 1 us (1 + epsilon)^(b - 1), valued at L (1 + epsilon / 2), at most epsilon / 2 from any time in it.
 * A loop's calls whose times stay within a bin repeat the same ids, which the file's LZ4 blocks fold:
 * with epsilon 0.05 a million-fold range of times takes under 300 bins.
 */
public final class LossyBins {
    private static final long FLOOR_NANOS = 1_000;

    private LossyBins() {}

    /** The least epsilon timing=lossy takes: finer bins would cost as much as lossless times. */
    public static final double MIN_EPSILON = 0.001;

    /** Whether {@code epsilon} is one timing=lossy takes: 0.001 to 1. */
    public static boolean valid(double epsilon) {
        return epsilon >= MIN_EPSILON && epsilon <= 1;
    }

    /** The bin of {@code nanos} (negative times, which a clock step can give, count as 0). */
    public static long bin(long nanos, double epsilon) {
        if (nanos < FLOOR_NANOS) return 0;
        double base = Math.log1p(epsilon);
        long b = 1 + (long) Math.floor(Math.log((double) nanos / FLOOR_NANOS) / base);
        // Rounding in the logarithm can put a time at a bin's edge one bin off: step back into place.
        while (b > 1 && lower(b, epsilon) > nanos) b--;
        while (lower(b + 1, epsilon) <= nanos) b++;
        return b;
    }

    /** The time bin {@code b} stands for. */
    public static long value(long b, double epsilon) {
        if (b <= 0) return FLOOR_NANOS / 2;
        return Math.round(lower(b, epsilon) * (1 + epsilon / 2));
    }

    /** The least time of bin {@code b} (b >= 1). */
    private static double lower(long b, double epsilon) {
        return FLOOR_NANOS * Math.exp((b - 1) * Math.log1p(epsilon));
    }
}
