package org.mpjtrace.replay;

import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import org.mpjtrace.trace.fold.Histogram;

/**
 * Stands in for the computation between two calls by sleeping as long as it took. A sleep overshoots by
 * tens of microseconds and a loop of short computations would add that up, so the clock keeps what it
 * still owes: each sleep is the time owed so far, and what a sleep overshot is taken off the next one.
 * Owed time below {@link #MIN_SLEEP_NANOS} waits for more to gather.
 */
final class ComputeClock {
    /** Sleeping shorter than this costs more in overshoot than it is worth. */
    private static final long MIN_SLEEP_NANOS = 50_000;

    private final boolean sample;
    private final SplittableRandom random;
    private long owedNanos;
    private long totalNanos;

    /** @param sample draw each time from the histogram instead of taking its mean */
    ComputeClock(boolean sample, long seed) {
        this.sample = sample;
        this.random = new SplittableRandom(seed);
    }

    /** The computation before a call of a compressed trace: the histogram's mean, or a draw from it. */
    void compute(Histogram h) {
        if (h == null || h.count() == 0) return;
        compute(sample ? h.quantile(random.nextDouble()) : Math.round(h.mean()));
    }

    /** A computation of this length. */
    void compute(long nanos) {
        if (nanos <= 0) return;
        totalNanos += nanos;
        owedNanos += nanos;
        if (owedNanos < MIN_SLEEP_NANOS) return;
        long start = System.nanoTime();
        LockSupport.parkNanos(owedNanos);
        owedNanos -= System.nanoTime() - start;
    }

    /** All the computation asked for so far, in nanoseconds. */
    long totalNanos() {
        return totalNanos;
    }
}
