package org.mpjtrace.replay;

import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import org.mpjtrace.trace.fold.Histogram;

/**
 * Stands in for the computation between two calls by sleeping as long as it took. A sleep overshoots
 * (by up to a hundred microseconds or so with 16 rank threads on 2 cores), and a loop of short
 * computations would add that up, so the clock keeps what it still owes: each sleep is the time owed so
 * far, and what a sleep overshot is taken off the next one, unless the rank waited it out in a call in
 * between (see {@link #called}). Owed time below {@link #MIN_SLEEP_NANOS} waits for more to gather.
 */
final class ComputeClock implements Computation {
    /** Sleeping shorter than this costs more in overshoot than it is worth. */
    private static final long MIN_SLEEP_NANOS = 50_000;

    /** Sleeps about as long as asked and returns how long it slept. */
    interface Sleeper {
        long sleep(long nanos);
    }

    /** The real one: parks the thread. */
    static final Sleeper PARK = nanos -> {
        long start = System.nanoTime();
        LockSupport.parkNanos(nanos);
        return System.nanoTime() - start;
    };

    private final boolean sample;
    private final SplittableRandom random;
    private final Sleeper sleeper;
    /** Computation still to sleep (positive), or overslept and to be taken off what comes (negative). */
    private long owedNanos;
    private long totalNanos;

    /** @param sample draw each time from the histogram instead of taking its mean */
    ComputeClock(boolean sample, long seed) {
        this(sample, seed, PARK);
    }

    ComputeClock(boolean sample, long seed, Sleeper sleeper) {
        this.sample = sample;
        this.random = new SplittableRandom(seed);
        this.sleeper = sleeper;
    }

    /** The computation before a call of a compressed trace: the histogram's mean, or a draw from it. */
    @Override
    public void compute(Histogram h) {
        if (h == null || h.count() == 0) return;
        compute(sample ? h.quantile(random.nextDouble()) : Math.round(h.mean()));
    }

    /** A computation of this length. */
    @Override
    public void compute(long nanos) {
        if (nanos <= 0) return;
        totalNanos += nanos;
        owedNanos += nanos;
        if (owedNanos < MIN_SLEEP_NANOS) return;
        owedNanos -= sleeper.sleep(owedNanos);
    }

    /**
     * The rank then spent this long in a call. Had it not overslept, it would have waited in the call that
     * much longer (a Recv waits for its message whenever the rank comes to it), so up to the call's length
     * the oversleep cost nothing and is not taken off the next computation. Taking it off anyway would let
     * oversleeps where a rank waits anyway (off the critical path) shorten computations on it, and the
     * replay would come out shorter than the trace by however much the scheduler overshot.
     */
    @Override
    public void called(long nanos) {
        if (owedNanos < 0) owedNanos = Math.min(0, owedNanos + nanos);
    }

    /** All the computation asked for so far, in nanoseconds. */
    long totalNanos() {
        return totalNanos;
    }
}
