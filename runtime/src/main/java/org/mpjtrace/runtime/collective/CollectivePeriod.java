package org.mpjtrace.runtime.collective;

/**
 * The period of the collectives a rank made most recently: the smallest p such that the last
 * {@link #REPEATS} x p of them repeat every p (compared by call-site signature). A time-step loop with
 * one Allreduce per step gives 1; a step with an Allreduce and a Bcast gives 2; set-up calls before the
 * loop fall out of the window as the loop runs. Pure, so marker auto's choice can be tested on fixtures.
 */
final class CollectivePeriod {
    /** How many times in a row the last period must have occurred. */
    static final int REPEATS = 3;

    private CollectivePeriod() {}

    /**
     * @param history the signatures of the last collectives, the i-th (counting from 0) at
     *                {@code history[i % history.length]}
     * @param count   how many collectives there were in all
     * @return the period, or 0 when the last collectives do not repeat {@link #REPEATS} times
     */
    static int of(long[] history, long count) {
        int window = (int) Math.min(count, history.length);
        for (int p = 1; p * REPEATS <= window; p++) if (repeats(history, count, p)) return p;
        return 0;
    }

    /** Whether the last {@code REPEATS * p} entries repeat every p. */
    static boolean repeats(long[] history, long count, int p) {
        for (long i = count - (long) (REPEATS - 1) * p; i < count; i++)
            if (at(history, i) != at(history, i - p)) return false;
        return true;
    }

    static long at(long[] history, long i) {
        return history[(int) (i % history.length)];
    }
}
