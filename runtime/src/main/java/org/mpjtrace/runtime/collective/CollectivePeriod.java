package org.mpjtrace.runtime.collective;

/**
 * The period of the collectives a rank made most recently: the smallest p such that the last
 * {@link #REPEATS} x p of them repeat every p (compared by call-site signature). A time-step loop with
 * one Allreduce per step gives 1; a step with an Allreduce and a Bcast gives 2; set-up calls before the
 * loop fall out of the window as the loop runs. Pure, so marker auto's choice can be tested on fixtures.
 *
 * <p>After a period was refuted ({@link #since}), the whole window from the collective that broke it must
 * repeat: a loop with one Allreduce a step and a Gather every 10th step (period 11) would otherwise be
 * taken for period 1 again from the Allreduces after each Gather, and the marker refuted at every Gather.
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

    /**
     * The period after one was refuted at collective {@code brokeAt} (counting from 0): the smallest p such that
     * every collective from {@code brokeAt} on, or the whole history when that is further back, repeats every p,
     * at least {@link #REPEATS} times; 0 when none does (yet). The collective that broke the last period stays in
     * the window until it is out of the history, so a break that recurs is part of the period found.
     */
    static int since(long[] history, long count, long brokeAt) {
        int window = window(history, count, brokeAt);
        for (int p = 1; p * REPEATS <= window; p++) if (repeatsOver(history, count, p, window)) return p;
        return 0;
    }

    /** How many of the last collectives {@link #since} looks at. */
    static int window(long[] history, long count, long brokeAt) {
        return (int) Math.max(0, Math.min(count - brokeAt, Math.min(count, history.length)));
    }

    /** Whether the last {@code window} entries repeat every p. */
    private static boolean repeatsOver(long[] history, long count, int p, int window) {
        for (long i = count - window + p; i < count; i++)
            if (at(history, i) != at(history, i - p)) return false;
        return true;
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
