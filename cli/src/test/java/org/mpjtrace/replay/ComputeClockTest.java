package org.mpjtrace.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class ComputeClockTest {
    /** A clock that moves on by {@code step} ns each time it is read, and counts its reads. */
    private static final class Stepping implements ComputeClock.Ticker {
        final long step;
        long now;
        int reads;

        Stepping(long step) {
            this.step = step;
        }

        @Override
        public long nanoTime() {
            reads++;
            return now += step;
        }
    }

    @Test
    void aComputationEndsItsLengthAfterThePreviousCallReturned() {
        Stepping t = new Stepping(1_000);
        ComputeClock clock = new ComputeClock(false, 1, t); // made at 1 us
        clock.called(0); // returned at 2 us
        t.now += 10_000; // the replay rebuilt the next call for 10 us
        clock.compute(50_000);
        // Waited until 52 us: reading 13, 14, ... 52 us.
        assertEquals(52_000, t.now);
        assertEquals(50_000, clock.totalNanos());
    }

    @Test
    void aComputationShorterThanTheReplaysOwnWorkSinceTheCallDoesNotWait() {
        Stepping t = new Stepping(1_000);
        ComputeClock clock = new ComputeClock(false, 1, t);
        clock.called(0);
        t.now += 100_000;
        int before = t.reads;
        clock.compute(20_000);
        assertEquals(before + 1, t.reads, "one look at the clock, no wait");
        assertEquals(20_000, clock.totalNanos());
    }

    @Test
    void noComputationNoWait() {
        Stepping t = new Stepping(1_000);
        ComputeClock clock = new ComputeClock(false, 1, t);
        int before = t.reads;
        clock.compute(0);
        clock.compute(-5);
        assertEquals(before, t.reads);
        assertEquals(0, clock.totalNanos());
    }

    /**
     * Sleeps on a {@link Stepping} clock: moves it on by the time asked plus a late wake-up, or by half of it
     * when {@code early} (a park may return before its time); records each sleep.
     */
    private static final class Sleeping implements ComputeClock.Sleeper {
        final Stepping clock;
        final long late;
        final boolean early;
        final List<Long> asked = new ArrayList<>();

        Sleeping(Stepping clock, long late) {
            this(clock, late, false);
        }

        Sleeping(Stepping clock, long late, boolean early) {
            this.clock = clock;
            this.late = late;
            this.early = early;
        }

        @Override
        public void sleep(long nanos) {
            asked.add(nanos);
            clock.now += early ? nanos / 2 : nanos + late;
        }
    }

    @Test
    void aComputationOfWhichAQuarterCanHaveRunOnACoreSleepsThreeQuartersThenSpinsToItsEnd() {
        Stepping t = new Stepping(1_000);
        Sleeping s = new Sleeping(t, 30_000);
        ComputeClock clock = new ComputeClock(false, 1, 0.25, t, s);
        clock.called(0); // returned at 2 us
        clock.compute(2_000_000);
        // Slept from 3 us (the clock read) to 1,502 us (three quarters of 2 ms after the call), woke 30 us late,
        // then spun to the end, 2,002 us: the late wake-up cost nothing.
        assertEquals(List.of(1_499_000L), s.asked);
        assertEquals(2_002_000, t.now);
        assertEquals(2_000_000, clock.totalNanos());
    }

    @Test
    void aComputationAlmostAllAsleepStillSpinsItsLastWakeMargin() {
        Stepping t = new Stepping(1_000);
        Sleeping s = new Sleeping(t, 0);
        ComputeClock clock = new ComputeClock(false, 1, 0.01, t, s);
        clock.called(0);
        clock.compute(2_000_000); // 1% on a core is 20 us, under the margin
        assertEquals(List.of(2_002_000 - ComputeClock.WAKE_MARGIN_NANOS - 3_000), s.asked);
        assertEquals(2_002_000, t.now);
    }

    @Test
    void aSleepThatEndsEarlyIsSleptAgain() {
        Stepping t = new Stepping(1_000);
        Sleeping s = new Sleeping(t, 0, true); // each sleep returns halfway
        ComputeClock clock = new ComputeClock(false, 1, 0.5, t, s);
        clock.called(0);
        clock.compute(4_000_000);
        assertTrue(s.asked.size() >= 2, "slept again: " + s.asked);
        for (long n : s.asked) assertTrue(n > 0, "no sleep of nothing: " + s.asked);
        // Ended when the computation does (at 4,002 us), spun after the sleeps: the first read of the clock past it.
        assertTrue(t.now >= 4_002_000 && t.now < 4_002_000 + t.step, "ended at " + t.now);
    }

    @Test
    void aRestTooShortToSleepThroughIsSpun() {
        Stepping t = new Stepping(1_000);
        Sleeping s = new Sleeping(t, 0);
        ComputeClock clock = new ComputeClock(false, 1, 0.25, t, s);
        clock.called(0);
        clock.compute(ComputeClock.MIN_SLEEP_NANOS); // three quarters of it are under the shortest sleep
        assertEquals(List.of(), s.asked);
        assertEquals(2_000 + ComputeClock.MIN_SLEEP_NANOS, t.now);
    }

    @Test
    void aClockWithAllOfEachComputationOnACoreNeverSleeps() {
        Stepping t = new Stepping(1_000);
        Sleeping s = new Sleeping(t, 0);
        ComputeClock clock = new ComputeClock(false, 1, 1.0, t, s);
        clock.called(0);
        clock.compute(50_000_000);
        assertEquals(List.of(), s.asked);
        assertEquals(50_002_000, t.now);
    }

    @Test
    void aShareOutsideZeroToOneIsRefused() {
        Stepping t = new Stepping(1_000);
        for (double share : new double[] {0, -0.5, 1.5, Double.NaN})
            assertThrows(IllegalArgumentException.class, () -> new ComputeClock(false, 1, share, t, new Sleeping(t, 0)));
    }
}
