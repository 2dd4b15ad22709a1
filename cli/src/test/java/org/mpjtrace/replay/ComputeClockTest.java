package org.mpjtrace.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComputeClockTest {
    /** Records what the clock asked to sleep and sleeps (in name only) that plus a fixed overshoot. */
    private static final class Overshooting implements ComputeClock.Sleeper {
        final long overshoot;
        final List<Long> asked = new ArrayList<>();

        Overshooting(long overshoot) {
            this.overshoot = overshoot;
        }

        @Override
        public long sleep(long nanos) {
            asked.add(nanos);
            return nanos + overshoot;
        }
    }

    @Test
    void shortComputationsGatherUntilASleepIsWorthIt() {
        Overshooting s = new Overshooting(0);
        ComputeClock clock = new ComputeClock(false, 1, s);
        for (int i = 0; i < 4; i++) clock.compute(20_000);
        assertEquals(List.of(60_000L), s.asked, "the fourth waits for more");
        assertEquals(80_000, clock.totalNanos());
    }

    @Test
    void anOversleepIsTakenOffTheNextComputationWhenNoCallWaitedItOut() {
        Overshooting s = new Overshooting(30_000);
        ComputeClock clock = new ComputeClock(false, 1, s);
        clock.compute(100_000);
        clock.called(5_000); // a call that returned at once
        clock.compute(100_000);
        assertEquals(List.of(100_000L, 75_000L), s.asked);
    }

    @Test
    void anOversleepACallWaitedOutIsNotTakenOffTheNextComputation() {
        Overshooting s = new Overshooting(30_000);
        ComputeClock clock = new ComputeClock(false, 1, s);
        clock.compute(100_000);
        clock.called(2_000_000); // a Recv that waited for its message: the rank lost nothing by oversleeping
        clock.compute(100_000);
        assertEquals(List.of(100_000L, 100_000L), s.asked);
    }

    @Test
    void aCallDoesNotTakeAwayComputationStillToSleep() {
        Overshooting s = new Overshooting(0);
        ComputeClock clock = new ComputeClock(false, 1, s);
        clock.compute(30_000); // too short to sleep alone: owed
        clock.called(2_000_000);
        clock.compute(30_000);
        assertEquals(List.of(60_000L), s.asked);
    }
}
