package org.mpjtrace.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CollectivePeriodTest {
    private static final long BCAST = 11, ALLREDUCE = 22, REDUCE = 33, BARRIER = 44;

    /** The history a rank keeps after making {@code calls} collectives (the site signatures), in a ring of 64. */
    private static long[] history(long... calls) {
        long[] h = new long[64];
        for (int i = 0; i < calls.length; i++) h[i % h.length] = calls[i];
        return h;
    }

    private static long[] repeat(int times, long... step) {
        long[] out = new long[times * step.length];
        for (int i = 0; i < out.length; i++) out[i] = step[i % step.length];
        return out;
    }

    private static long[] concat(long[]... parts) {
        int n = 0;
        for (long[] p : parts) n += p.length;
        long[] out = new long[n];
        int at = 0;
        for (long[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    @Test
    void oneAllreducePerStepAfterSetUpBroadcastsHasPeriodOne() {
        long[] calls = concat(new long[] {BCAST, BCAST, BARRIER}, repeat(5, ALLREDUCE));
        assertEquals(1, CollectivePeriod.of(history(calls), calls.length));
    }

    @Test
    void anAllreduceAndABcastPerStepHavePeriodTwoNotOne() {
        long[] calls = concat(new long[] {BARRIER}, repeat(4, ALLREDUCE, BCAST));
        assertEquals(2, CollectivePeriod.of(history(calls), calls.length));
    }

    @Test
    void aStepWhoseFirstTwoCollectivesAreAlikeStillHasItsWholeLength() {
        long[] calls = repeat(4, BCAST, BCAST, ALLREDUCE);
        assertEquals(3, CollectivePeriod.of(history(calls), calls.length));
    }

    @Test
    void fewerThanThreeRepeatsOfTheStepAreNoLoopYet() {
        long[] calls = concat(new long[] {BCAST}, repeat(2, ALLREDUCE, REDUCE), new long[] {ALLREDUCE});
        assertEquals(0, CollectivePeriod.of(history(calls), calls.length));
    }

    @Test
    void collectivesThatNeverRepeatHaveNoPeriod() {
        long[] calls = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
        assertEquals(0, CollectivePeriod.of(history(calls), calls.length));
    }

    @Test
    void theRingKeepsWorkingPastItsCapacity() {
        long[] calls = concat(repeat(50, ALLREDUCE), repeat(7, BCAST, REDUCE, BARRIER));
        assertEquals(3, CollectivePeriod.of(history(calls), calls.length));
        assertTrue(CollectivePeriod.repeats(history(calls), calls.length, 3));
        assertFalse(CollectivePeriod.repeats(history(calls), calls.length, 1));
    }

    /** One Allreduce a step and a Gather after every 10th: period 11, the Gather included. */
    private static long[] periodicGather(int steps) {
        long[] out = new long[steps + steps / 10];
        int at = 0;
        for (int s = 0; s < steps; s++) {
            out[at++] = ALLREDUCE;
            if (s % 10 == 9) out[at++] = REDUCE;
        }
        return out;
    }

    @Test
    void aCollectiveEveryTenthStepIsPartOfThePeriodOnceItBrokeTheLastOne() {
        // The Allreduces after each Gather repeat alone: the first learning's criterion takes them for the loop.
        long[] calls = java.util.Arrays.copyOf(periodicGather(40), 15);
        assertEquals(1, CollectivePeriod.of(history(calls), calls.length));
        // Learning again from the Gather that broke period 1 (candidate 10): nothing repeats yet, then period 11.
        assertEquals(0, CollectivePeriod.since(history(calls), calls.length, 10));
        long[] more = java.util.Arrays.copyOf(periodicGather(40), 10 + 33);
        assertEquals(11, CollectivePeriod.since(history(more), more.length, 10));
        assertEquals(33, CollectivePeriod.window(history(more), more.length, 10));
        // Long after the break the whole history must repeat, and still does every 11.
        long[] manySteps = periodicGather(400);
        assertEquals(11, CollectivePeriod.since(history(manySteps), manySteps.length, 10));
        assertEquals(64, CollectivePeriod.window(history(manySteps), manySteps.length, 10));
    }

    @Test
    void aNewLoopAfterTheBreakIsFoundOnceItRepeatsThreeTimes() {
        long[] calls = concat(repeat(40, ALLREDUCE), repeat(2, BCAST, ALLREDUCE));
        assertEquals(0, CollectivePeriod.since(history(calls), calls.length, 40));
        calls = concat(repeat(40, ALLREDUCE), repeat(3, BCAST, ALLREDUCE));
        assertEquals(2, CollectivePeriod.since(history(calls), calls.length, 40));
    }

    @Test
    void aCollectiveMadeOnceKeepsTheLoopUnlearnedUntilItIsOutOfTheHistory() {
        long[] once = concat(repeat(50, ALLREDUCE), new long[] {BARRIER}, repeat(63, ALLREDUCE));
        assertEquals(0, CollectivePeriod.since(history(once), once.length, 50), "the Barrier is still among the last 64");
        long[] later = concat(once, repeat(1, ALLREDUCE));
        assertEquals(1, CollectivePeriod.since(history(later), later.length, 50));
    }
}
