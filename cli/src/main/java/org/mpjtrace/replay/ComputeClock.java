package org.mpjtrace.replay;

import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
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
 *
 * <p>But only the part of a computation that can have run on a core is spun ({@link CpuShare}). Where
 * the rest is long enough to sleep through (at least {@link #MIN_SLEEP_NANOS}), the clock sleeps it
 * first and spins the part on a core after, at least the last {@link #WAKE_MARGIN_NANOS}: a sleep that
 * wakes late, as one does when every core is taken, then only spins less, and the computation still ends
 * on time. With more ranks than cores, spinning throughout asked for more CPU than the traced run had:
 * LeavingPair on 16 ranks of 2 cores (each step a 2 ms sleep), traced in 0.82 s, replayed in 5.2-5.4 s
 * spinning throughout and in 1.18-1.22 s so (docs/benchmarks.md).
 */
final class ComputeClock implements Computation {
    /** The time source: System.nanoTime in a replay; a test's own. */
    interface Ticker {
        long nanoTime();
    }

    /** How the clock sleeps: LockSupport.parkNanos in a replay; a test's own. */
    interface Sleeper {
        void sleep(long nanos);
    }

    /**
     * The shortest rest of a computation worth sleeping: a park wakes 50-60 us late on Linux, and later when
     * every core is taken; a millisecond keeps that small against what is slept.
     */
    static final long MIN_SLEEP_NANOS = 1_000_000;
    /** The least a computation spins after its sleep, so that a wake-up that late costs nothing. */
    static final long WAKE_MARGIN_NANOS = 100_000;

    private final boolean sample;
    private final SplittableRandom random;
    private final Ticker ticker;
    private final Sleeper sleeper;
    /** The share of each computation spun ({@link CpuShare}); the rest is slept. */
    private final double cpuShare;
    /** When the thread's previous call returned (at first, when the clock was made). */
    private long since;
    private long totalNanos;

    /**
     * @param sample   draw each time from the histogram instead of taking its mean
     * @param cpuShare the share of each computation to spin, in (0, 1] ({@link CpuShare})
     */
    ComputeClock(boolean sample, long seed, double cpuShare) {
        this(sample, seed, cpuShare, System::nanoTime, LockSupport::parkNanos);
    }

    /** A clock that spins through every computation. */
    ComputeClock(boolean sample, long seed, Ticker ticker) {
        this(sample, seed, 1, ticker, nanos -> { throw new IllegalStateException("a clock that spins throughout sleeps"); });
    }

    ComputeClock(boolean sample, long seed, double cpuShare, Ticker ticker, Sleeper sleeper) {
        if (!(cpuShare > 0 && cpuShare <= 1)) throw new IllegalArgumentException("cpu share " + cpuShare + " not in (0, 1]");
        this.sample = sample;
        this.random = new SplittableRandom(seed);
        this.cpuShare = cpuShare;
        this.ticker = ticker;
        this.sleeper = sleeper;
        this.since = ticker.nanoTime();
    }

    /** The computation before a call of a compressed trace: the histogram's mean, or a draw from it. */
    @Override
    public void compute(Histogram h) {
        if (h == null || h.count() == 0) return;
        compute(sample ? h.quantile(random.nextDouble()) : Math.round(h.mean()));
    }

    /**
     * A computation of this length, ending that long after the previous call returned: the part not on a
     * core slept first when long enough, then the rest spun.
     */
    @Override
    public void compute(long nanos) {
        if (nanos <= 0) return;
        totalNanos += nanos;
        long until = since + nanos;
        long asleep = cpuShare == 1 ? 0 : (long) (nanos * (1 - cpuShare));
        if (asleep >= MIN_SLEEP_NANOS) {
            long wake = until - Math.max(nanos - asleep, WAKE_MARGIN_NANOS);
            for (long left; (left = wake - ticker.nanoTime()) > 0; ) sleeper.sleep(left);
        }
        spinUntil(until);
    }

    private void spinUntil(long time) {
        while (ticker.nanoTime() - time < 0) Thread.onSpinWait();
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
