package org.mpjtrace.trace;

/**
 * Pilgrim's lossy timing: a time in exponential bins of base 1 + epsilon, so that the bin's value is
 * within a relative error epsilon of every time in it. Bin 0 holds everything below 1 us, valued at
 * 500 ns (an absolute error of at most 500 ns there); bin b >= 1 holds [L, L (1 + epsilon)) with
 * L = 1 us (1 + epsilon)^(b - 1), valued at L (1 + epsilon / 2), at most epsilon / 2 from any time in it.
 * A loop's calls whose times stay within a bin repeat the same ids, which the file's LZ4 blocks fold:
 * with epsilon 0.05 a million-fold range of times takes under 300 bins.
 *
 * <p>The fold thread bins two times a call, so the bins' bounds are a table made once per epsilon (for
 * epsilon 0.05 about 750 entries, for the least, 0.001, about 37,000): a logarithm finds the bin, the table
 * corrects the rounding at its edges, and no exponential is taken per call.
 */
public final class LossyBins {
    /** The least epsilon timing=lossy takes: finer bins would cost as much as lossless times. */
    public static final double MIN_EPSILON = 0.001;
    private static final long FLOOR_NANOS = 1_000;
    /** The table made last: every rank of a JVM bins with the same epsilon. */
    private static volatile LossyBins last;

    private final double epsilon;
    private final double perLog;
    /** lower[b]: the least time of bin b (b >= 1; lower[0] unused), up to the last bin a long reaches. */
    private final long[] lower;
    private final long[] value;

    private LossyBins(double epsilon) {
        this.epsilon = epsilon;
        this.perLog = 1 / Math.log1p(epsilon);
        int bins = (int) Math.ceil(Math.log(Long.MAX_VALUE / (double) FLOOR_NANOS) * perLog) + 2;
        lower = new long[bins];
        value = new long[bins];
        value[0] = FLOOR_NANOS / 2;
        for (int b = 1; b < bins; b++) {
            double l = FLOOR_NANOS * Math.exp((b - 1) * Math.log1p(epsilon));
            lower[b] = l >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) Math.ceil(l);
            value[b] = l * (1 + epsilon / 2) >= Long.MAX_VALUE ? Long.MAX_VALUE : Math.round(l * (1 + epsilon / 2));
        }
    }

    /** The bins of {@code epsilon} (which {@link #valid} must accept). */
    public static LossyBins of(double epsilon) {
        if (!valid(epsilon)) throw new IllegalArgumentException("epsilon " + epsilon + " is not " + MIN_EPSILON + " to 1");
        LossyBins b = last;
        if (b == null || b.epsilon != epsilon) last = b = new LossyBins(epsilon);
        return b;
    }

    /** Whether {@code epsilon} is one timing=lossy takes: 0.001 to 1. */
    public static boolean valid(double epsilon) {
        return epsilon >= MIN_EPSILON && epsilon <= 1;
    }

    /** The bin of {@code nanos} (negative times, which a clock step can give, count as 0). */
    public long bin(long nanos) {
        if (nanos < FLOOR_NANOS) return 0;
        int b = (int) Math.min(lower.length - 1, 1 + (long) (Math.log((double) nanos / FLOOR_NANOS) * perLog));
        // Rounding in the logarithm can put a time at a bin's edge one bin off: step into place.
        while (b > 1 && lower[b] > nanos) b--;
        while (b + 1 < lower.length && lower[b + 1] <= nanos) b++;
        return b;
    }

    /** The time bin {@code b} stands for (a bin no time can reach, from a hostile file, as the last one's). */
    public long value(long b) {
        if (b <= 0) return value[0];
        return value[(int) Math.min(b, value.length - 1)];
    }
}
