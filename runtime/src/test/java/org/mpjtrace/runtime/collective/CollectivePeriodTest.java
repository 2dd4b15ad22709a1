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
}
