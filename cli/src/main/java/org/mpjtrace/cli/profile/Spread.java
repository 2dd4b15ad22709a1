package org.mpjtrace.cli.profile;

/** One figure over the ranks that have it: how many, least, most and sum, for min/mean/max and mpiP's imbalance (max/mean). */
public final class Spread {
    private long ranks, min = Long.MAX_VALUE, max = Long.MIN_VALUE, sum;

    void add(long v) {
        ranks++;
        min = Math.min(min, v);
        max = Math.max(max, v);
        sum += v;
    }

    public long ranks() {
        return ranks;
    }

    public long min() {
        return ranks == 0 ? 0 : min;
    }

    public long max() {
        return ranks == 0 ? 0 : max;
    }

    public long sum() {
        return sum;
    }

    public double mean() {
        return ranks == 0 ? 0 : (double) sum / ranks;
    }

    /** max / mean: 1 when every rank has the same, more the more one rank stands out; NaN without ranks. */
    public double imbalance() {
        return ranks == 0 || sum == 0 ? Double.NaN : max / mean();
    }
}
