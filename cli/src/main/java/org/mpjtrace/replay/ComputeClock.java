package org.mpjtrace.replay;

import java.util.SplittableRandom;
import org.mpjtrace.trace.fold.Histogram;

/**
 * Stands in for the computation between two calls by computing as long as it took: a busy wait on
 * System.nanoTime until the recorded time has passed since the thread's previous call returned. The
 * replay's own work between two calls (rebuilding the next call from the trace) is then part of the
 * computation, not added to it.
 *
 * <p>Why not a sleep, as the replay did before: a sleep frees the core. With more ranks than cores the
 * program's ranks computed in turn, and a sleeping replay let them overlap: Stencil2D's replay of a
 * lossless trace took 0.61 of the traced run at 16 ranks and 0.77 at 4 on 2 cores, where the proxy
 * applications' busy wait comes within 10% (docs/benchmarks.md). A sleep also wakes tens of
 * microseconds late, which a loop of short computations adds up.
 */
final class ComputeClock implements Computation {
    /** The time source: System.nanoTime in a replay; a test's own. */
    interface Ticker {
        long nanoTime();
    }

    private final boolean sample;
    private final SplittableRandom random;
    private final Ticker ticker;
    /** When the thread's previous call returned (at first, when the clock was made). */
    private long since;
    private long totalNanos;

    /** @param sample draw each time from the histogram instead of taking its mean */
    ComputeClock(boolean sample, long seed) {
        this(sample, seed, System::nanoTime);
    }

    ComputeClock(boolean sample, long seed, Ticker ticker) {
        this.sample = sample;
        this.random = new SplittableRandom(seed);
        this.ticker = ticker;
        this.since = ticker.nanoTime();
    }

    /** The computation before a call of a compressed trace: the histogram's mean, or a draw from it. */
    @Override
    public void compute(Histogram h) {
        if (h == null || h.count() == 0) return;
        compute(sample ? h.quantile(random.nextDouble()) : Math.round(h.mean()));
    }

    /** A computation of this length, ending that long after the previous call returned. */
    @Override
    public void compute(long nanos) {
        if (nanos <= 0) return;
        totalNanos += nanos;
        long until = since + nanos;
        while (ticker.nanoTime() - until < 0) Thread.onSpinWait();
    }

    /** The thread's call returned (after {@code nanos} in it): the next computation counts from now. */
    @Override
    public void called(long nanos) {
        since = ticker.nanoTime();
    }

    /** All the computation asked for so far, in nanoseconds. */
    long totalNanos() {
        return totalNanos;
    }
}
