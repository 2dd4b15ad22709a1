package org.mpjtrace.runtime.sink;

import java.util.Arrays;
import org.mpjtrace.trace.Event;

/**
 * Where each thread of a rank last left MPJ: a call's compute time counts from its own thread's previous
 * call, not from the rank's last call on any thread, in the loop folder ({@link RankLoopFolder}) and in a
 * clustering rank's stack summaries ({@link ClusteringSink}). Counted from the rank's last call, as the
 * summaries were, a main thread's compute before the Allreduce that follows its helpers' join was the time
 * since the helpers' last Sendrecv (1.7 ms of TwoThreads' 58 ms at 4 ranks), and rank 0 scaled the
 * clustered trace's histograms to that ({@code ComputeCalibration}).
 */
final class ThreadExits {
    private static final long NONE = Long.MIN_VALUE;
    /** By thread number; NONE for a thread not seen yet. */
    private long[] exits;
    /** The latest exit or resumption on any thread: a thread's first call counts from it. */
    private long latest;

    ThreadExits(long origin) {
        exits = new long[] {origin};
        latest = origin;
    }

    /** Where the record's compute time starts: its thread's previous exit (a first call: the rank's latest, at most its enter). */
    long previous(long[] w, int base) {
        int thread = Event.thread(w, base);
        if (thread < exits.length && exits[thread] != NONE) return exits[thread];
        return Math.min(latest, Event.enter(w, base));
    }

    /** The record was appended: its thread's next call counts from its exit. */
    void exited(long[] w, int base) {
        int thread = Event.thread(w, base);
        if (thread >= exits.length) {
            int old = exits.length;
            exits = Arrays.copyOf(exits, thread + 1);
            Arrays.fill(exits, old, exits.length, NONE);
        }
        long exit = Event.exit(w, base);
        exits[thread] = exit;
        latest = Math.max(latest, exit);
    }

    /** The tracer's own work on {@code thread} ended at {@code nanos} ({@link RecordSink#resumeAt}): its next call counts from there. */
    void resumeAt(int thread, long nanos) {
        latest = Math.max(latest, nanos);
        for (int t = 0; t < exits.length; t++)
            if (exits[t] != NONE && (thread == RecordSink.ALL_THREADS || thread == t)) exits[t] = Math.max(exits[t], nanos);
    }
}
