package org.mpjtrace.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
