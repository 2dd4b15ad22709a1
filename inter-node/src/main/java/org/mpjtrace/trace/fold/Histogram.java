package org.mpjtrace.trace.fold;

/**
 * A timing histogram in nanoseconds: count, min, max, sum (for the mean) and log2 bins (bin b holds
 * values in [2^b, 2^(b+1)), bin 0 also 0 and 1). Merging adds. This is where time goes in a compressed
 * trace: per event, the compute time before the call and the time inside it; replay draws from it. A
 * trace file keeps a fixed-size summary of it (count, min, max, mean and a few quantiles), so that its
 * size does not depend on how noisy the timings were.
 *
 * <p>Why not HdrHistogram: a fold holds two histograms per event node on every rank, and an
 * HdrHistogram covering 1 ns to 1 h at 2 significant digits takes 37,376 B (its
 * getEstimatedFootprintInBytes, HdrHistogram 2.2.2, measured 2026-11-25; 270,848 B at 3 digits), where
 * these bins take 512 B and only once a node has seen more than {@link #FEW} values. Factor-2 bins are
 * as fine as the file's summary and replay's draws use.
 */
public final class Histogram {
    public static final int BINS = 64;

    /** Values kept one by one, before the bins are made. */
    static final int FEW = 8;

    private long count;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private long sum;
    /**
     * Null while the histogram holds at most {@link #FEW} values: every recorded call starts as a node of
     * its own with two histograms, and most are folded into an existing node at once or after the few
     * iterations of a short inner loop, so their bins would be garbage made per call.
     */
    private long[] bins;
    /** The values while there are 2 to {@link #FEW} of them and no bins; a single value is {@link #min}. */
    private long[] few;

    public void add(long nanos) {
        long v = Math.max(0, nanos);
        if (bins == null && count == FEW) ensureBins();
        if (bins != null) {
            bins[bin(v)]++;
        } else if (count > 0) {
            if (few == null) {
                few = new long[FEW];
                few[0] = min; // the one value so far
            }
            few[(int) count] = v;
        }
        count++;
        min = Math.min(min, v);
        max = Math.max(max, v);
        sum += v;
    }

    public void addAll(Histogram other) {
        if (other.count == 0) return;
        // Most merges take in a few times (a node folded into its loop after one or a few occurrences).
        if (other.bins == null) {
            if (other.count == 1) add(other.min);
            else for (int i = 0; i < other.count; i++) add(other.few[i]);
            return;
        }
        ensureBins();
        count += other.count;
        min = Math.min(min, other.min);
        max = Math.max(max, other.max);
        sum += other.sum;
        for (int i = 0; i < BINS; i++) bins[i] += other.bins[i];
    }

    /** Makes the bins from the values kept so far. */
    private void ensureBins() {
        if (bins != null) return;
        bins = new long[BINS];
        if (count == 1) bins[bin(min)] = 1;
        else for (int i = 0; i < count; i++) bins[bin(few[i])]++;
        few = null;
    }

    /** Whether the bins are allocated (for memory estimates). */
    boolean hasBins() {
        return bins != null;
    }

    /** Whether values are kept one by one in an array (for memory estimates). */
    boolean hasFew() {
        return few != null;
    }

    static int bin(long v) {
        return v <= 1 ? 0 : 63 - Long.numberOfLeadingZeros(v);
    }

    public long count() { return count; }
    public long min() { return count == 0 ? 0 : min; }
    public long max() { return count == 0 ? 0 : max; }
    public long sum() { return sum; }
    public double mean() { return count == 0 ? 0 : (double) sum / count; }
    public long bin(int b) {
        if (bins != null) return bins[b];
        if (count == 1) return bin(min) == b ? 1 : 0;
        long n = 0;
        for (int i = 0; i < count; i++) if (bin(few[i]) == b) n++;
        return n;
    }

    /** The quantiles a stored histogram keeps (with count, min, max and mean): a fixed-size summary. */
    public static final double[] QUANTILES = {0.10, 0.25, 0.50, 0.75, 0.90};

    /**
     * The q-quantile, interpolated linearly inside its log2 bin and clamped to [min, max]: monotone in q.
     */
    public long quantile(double q) {
        if (count == 0) return 0;
        double target = q * count;
        long seen = 0;
        for (int b = 0; b < BINS; b++) {
            long inBin = bin(b);
            if (inBin == 0) continue;
            if (seen + inBin >= target) {
                double lo = b == 0 ? 0 : Math.pow(2, b), hi = Math.pow(2, b + 1);
                double within = (target - seen) / inBin;
                long v = Math.round(lo + within * (hi - lo));
                return Math.max(min, Math.min(max, v));
            }
            seen += inBin;
        }
        return max;
    }

    /**
     * A histogram read back from its summary: count, min, max and mean as stored; the bins rebuilt by
     * putting the count between consecutive quantiles (and min, max) at the middle of each interval.
     *
     * @param quantiles the values of {@link #QUANTILES}, in order
     */
    public static Histogram ofSummary(long count, long min, long max, long mean, long[] quantiles) {
        long[] bins = new long[BINS];
        if (count > 0) {
            long[] edges = new long[quantiles.length + 2];
            edges[0] = min;
            System.arraycopy(quantiles, 0, edges, 1, quantiles.length);
            edges[edges.length - 1] = max;
            double previous = 0;
            long placed = 0;
            for (int i = 1; i < edges.length; i++) {
                double upTo = i < edges.length - 1 ? QUANTILES[i - 1] : 1.0;
                long n = i < edges.length - 1 ? Math.round((upTo - previous) * count) : count - placed;
                bins[bin((edges[i - 1] + edges[i]) / 2)] += Math.max(0, n);
                placed += n;
                previous = upTo;
            }
        }
        return of(count, min, max, mean * count, bins);
    }

    /**
     * A histogram read back from an aggregate (timing=aggregate: count, min, max and mean, no quantiles):
     * every value in the mean's bin, so the mean, min and max are as stored and any quantile lies within a
     * factor of two of the mean.
     */
    public static Histogram ofAggregate(long count, long min, long max, long mean) {
        long[] bins = new long[BINS];
        if (count > 0) bins[bin(mean)] = count;
        return of(count, min, max, mean * count, bins);
    }

    /** Restores a histogram from its parts (a trace file); the caller has checked them. */
    public static Histogram of(long count, long min, long max, long sum, long[] bins) {
        Histogram h = new Histogram();
        h.count = count;
        h.min = count == 0 ? Long.MAX_VALUE : min;
        h.max = count == 0 ? Long.MIN_VALUE : max;
        h.sum = sum;
        h.bins = bins.clone();
        return h;
    }

    /**
     * The same occurrences with every value times {@code factor}: exact while the values are kept one by
     * one; from bins, each bin's count moves to the bin of its middle value times the factor (min, max and
     * sum scale to within rounding, so the mean does, and it stays between min and max).
     */
    public Histogram scaled(double factor) {
        if (!(factor >= 0) || Double.isInfinite(factor)) throw new IllegalArgumentException("factor " + factor);
        if (bins == null) {
            Histogram h = new Histogram();
            if (count == 1) h.add(Math.round(min * factor));
            else for (int i = 0; i < count; i++) h.add(Math.round(few[i] * factor));
            return h;
        }
        long[] moved = new long[BINS];
        for (int b = 0; b < BINS; b++) {
            if (bins[b] == 0) continue;
            double middle = b == 0 ? 0.5 : 1.5 * Math.pow(2, b);
            moved[bin(Math.round(middle * factor))] += bins[b];
        }
        // Rounded one by one, the sum could put the mean just outside [min, max]: keep it inside.
        long newMin = Math.round(min * factor), newMax = Math.round(max * factor);
        long newSum = Math.max(count * newMin, Math.min(count * newMax, Math.round(sum * factor)));
        return of(count, newMin, newMax, newSum, moved);
    }

    /**
     * The same distribution as if each occurrence had been seen {@code times} times: what a cluster
     * lead's timings stand for once they are every member's (counts scale, min, max and mean do not).
     */
    public Histogram times(int times) {
        if (times < 1) throw new IllegalArgumentException("times " + times);
        long[] scaled = new long[BINS];
        for (int b = 0; b < BINS; b++) scaled[b] = bin(b) * times;
        return of(count * times, min(), max(), sum * times, scaled);
    }
}
