package org.mpjtrace.trace;

/**
 * A rank's calls thread by thread: all of thread 0's in their order, then thread 1's, and so on. The
 * threads of a rank call MPJ at once, so a rank's calls have no one order to compare or replay by; each
 * thread's own order is what a trace keeps (a dump in the order the rank's rings were drained, a
 * compressed trace thread by thread within each merge), and what this gives in every mode alike.
 */
public final class ThreadOrder {
    private ThreadOrder() {}

    /** The rank with its events grouped by thread (the same object when they already are). */
    public static RankTrace grouped(RankTrace r) {
        long[] words = grouped(r.words(), r.eventCount());
        if (words == r.words()) return r;
        return new RankTrace(r.rank(), r.host(), r.initNanos(), r.eventCount(), words, r.comms(), r.datatypes(), r.redops(),
                r.stats(), r.arrays(), r.ownArguments(), r.stackSummaries(), r.times());
    }

    /** {@code count} records grouped by thread, each thread's in their order: {@code w} itself when they already are. */
    public static long[] grouped(long[] w, int count) {
        int highest = 0;
        boolean ordered = true;
        for (int i = 0, previous = 0; i < count; i++) {
            int t = Event.thread(w, RankTrace.base(i));
            if (t < previous) ordered = false;
            previous = t;
            highest = Math.max(highest, t);
        }
        if (ordered) return w;
        // A counting sort: stable, in two passes.
        int[] start = new int[highest + 2];
        for (int i = 0; i < count; i++) start[Event.thread(w, RankTrace.base(i)) + 1]++;
        for (int t = 1; t < start.length; t++) start[t] += start[t - 1];
        long[] out = new long[count * Event.WORDS];
        for (int i = 0; i < count; i++) {
            int b = RankTrace.base(i);
            System.arraycopy(w, b, out, RankTrace.base(start[Event.thread(w, b)]++), Event.WORDS);
        }
        return out;
    }
}
