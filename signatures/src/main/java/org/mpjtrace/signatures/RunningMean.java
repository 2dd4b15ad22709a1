package org.mpjtrace.signatures;

/**
 * The mean of a stream of values, kept without a sum that could overflow: each value moves the mean
 * by (value - mean) / n. Equal streams give bit-identical means on every JVM (the same operations in
 * the same order), which is what lets signatures of ranks that behave alike compare equal.
 */
public final class RunningMean {
    private double mean;
    private long count;

    public void add(double value) {
        count++;
        mean += (value - mean) / count;
    }

    /** The mean, 0 when nothing was added. */
    public double mean() {
        return mean;
    }

    public long count() {
        return count;
    }

    public void reset() {
        mean = 0;
        count = 0;
    }
}
