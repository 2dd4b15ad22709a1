package org.mpjtrace.trace.fold;

/**
 * A timing histogram in nanoseconds: count, min, max, sum (for the mean) and log2 bins (bin b holds
 * values in [2^b, 2^(b+1)), bin 0 also 0 and 1). Merging adds. This is where time goes in a compressed
 * trace: per event, the compute time before the call and the time inside it; replay draws from it.
 */
public final class Histogram {
    public static final int BINS = 64;

    private long count;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private long sum;
    private final long[] bins = new long[BINS];

    public void add(long nanos) {
        long v = Math.max(0, nanos);
        count++;
        min = Math.min(min, v);
        max = Math.max(max, v);
        sum += v;
        bins[bin(v)]++;
    }

    public void addAll(Histogram other) {
        if (other.count == 0) return;
        count += other.count;
        min = Math.min(min, other.min);
        max = Math.max(max, other.max);
        sum += other.sum;
        for (int i = 0; i < BINS; i++) bins[i] += other.bins[i];
    }

    static int bin(long v) {
        return v <= 1 ? 0 : 63 - Long.numberOfLeadingZeros(v);
    }

    public long count() { return count; }
    public long min() { return count == 0 ? 0 : min; }
    public long max() { return count == 0 ? 0 : max; }
    public long sum() { return sum; }
    public double mean() { return count == 0 ? 0 : (double) sum / count; }
    public long bin(int b) { return bins[b]; }

    /** Restores a histogram from its parts (a trace file); the caller has checked them. */
    public static Histogram of(long count, long min, long max, long sum, long[] bins) {
        Histogram h = new Histogram();
        h.count = count;
        h.min = count == 0 ? Long.MAX_VALUE : min;
        h.max = count == 0 ? Long.MIN_VALUE : max;
        h.sum = sum;
        System.arraycopy(bins, 0, h.bins, 0, BINS);
        return h;
    }
}
