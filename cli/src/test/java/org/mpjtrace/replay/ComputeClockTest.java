package org.mpjtrace.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

    /**
     * A 100 us sleep overshoots by 30 us. A call that returns at once leaves it owed, and the next 100 us
     * sleeps 30 us less; a call that waited longer than the overshoot (a Recv whose message was not there
     * yet) waited it out, so the rank lost nothing and the next sleep is whole; one in between, in part.
     */
    @ParameterizedTest(name = "a call of {0} ns: next sleep {1} ns")
    @CsvSource({"5000, 75000", "20000, 90000", "2000000, 100000"})
    void anOversleepIsTakenOffTheNextComputationAsFarAsNoCallWaitedItOut(long call, long nextSleep) {
        Overshooting s = new Overshooting(30_000);
        ComputeClock clock = new ComputeClock(false, 1, s);
        clock.compute(100_000);
        clock.called(call);
        clock.compute(100_000);
        assertEquals(List.of(100_000L, nextSleep), s.asked);
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
