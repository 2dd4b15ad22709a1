package org.mpjtrace.runtime.sink;

import org.mpjtrace.trace.Event;

/**
 * What a non-lead clustered on its own loop (marker auto with no collective) keeps instead of a trace: the
 * last iteration of its loop as raw records, how many records since have repeated it exactly, and their
 * compute and inside times summed per position in the iteration. A record that does not repeat it (the
 * loop changed, or the rank left it) ends the repetition; where the rank then traces its calls, the
 * repeated ones are replayed first ({@link ClusteringSink}). So the rank can give its own calls at
 * MPI.Finalize whenever they turn out not to be its lead's, and holds O(period) words meanwhile, not
 * O(calls): 112 B a call of the iteration, which is at most 32 calls.
 *
 * <p>Repeating is every word of the record but its enter and exit times: op, thread, site, stack,
 * communicator, datatypes, peers, tags, counts, request ids, reduction op, digest. A replayed record has
 * its position's mean compute and inside times, so the replayed span ends where the repeated one did (to
 * a nanosecond a record) and the rank's totals stay its own; the spread of those times is lost.
 */
final class LoopShadow {
    private final long[] iteration;
    private final int period;
    private final long[] computeSums;
    private final long[] insideSums;
    /** Exit of the last record before the shadow: the first repeated record's compute time counts from it. */
    private final long start;
    private long repeated;

    private LoopShadow(long[] iteration, int period, long start) {
        this.iteration = iteration;
        this.period = period;
        this.computeSums = new long[period];
        this.insideSums = new long[period];
        this.start = start;
    }

    /**
     * The shadow of the loop that ends the {@code count} records kept in {@code recent} (a ring of
     * {@code recent.length / Event.WORDS} records, the i-th at i modulo that): its iteration is the shortest
     * multiple of {@code period} (the loop's calls by call site) whose last two runs of records are the same
     * (a site called from two callers, or a count that alternates, makes it longer). Null when there is none
     * within the records kept, or a record of it is not thread 0's (a rank's other threads interleave their
     * calls in no fixed order).
     */
    static LoopShadow of(long[] recent, long count, int period, long lastExit) {
        int capacity = recent.length / Event.WORDS;
        if (period < 1) return null;
        for (int length = period; 2L * length <= Math.min(capacity, count); length += period) {
            if (!repeatsTwice(recent, count, length, capacity)) continue;
            long[] iteration = new long[length * Event.WORDS];
            for (int i = 0; i < length; i++)
                System.arraycopy(recent, at(count - length + i, capacity), iteration, i * Event.WORDS, Event.WORDS);
            return new LoopShadow(iteration, length, lastExit);
        }
        return null;
    }

    /** Whether the last {@code length} records are the {@code length} before them again, all of thread 0. */
    private static boolean repeatsTwice(long[] recent, long count, int length, int capacity) {
        for (int i = 0; i < length; i++) {
            int last = at(count - length + i, capacity), before = at(count - 2L * length + i, capacity);
            if (Event.thread(recent, last) != 0 || !sameCall(recent, last, recent, before)) return false;
        }
        return true;
    }

    private static int at(long record, int capacity) {
        return (int) (record % capacity) * Event.WORDS;
    }

    /** Every word but the enter and exit times. */
    private static boolean sameCall(long[] a, int i, long[] b, int j) {
        for (int k = 0; k < Event.WORDS; k++)
            if (k != Event.W_ENTER && k != Event.W_EXIT && a[i + k] != b[j + k]) return false;
        return true;
    }

    /** Whether the record repeats the next call of the iteration; if so it is counted, with its times ({@code previousExit}: the rank's last exit). */
    boolean repeats(long[] w, int base, long previousExit) {
        int position = (int) (repeated % period);
        if (!sameCall(w, base, iteration, position * Event.WORDS)) return false;
        long enter = Event.enter(w, base);
        computeSums[position] += Math.max(0, enter - previousExit);
        insideSums[position] += Math.max(0, Event.exit(w, base) - enter);
        repeated++;
        return true;
    }

    long repeated() {
        return repeated;
    }

    /** Where the repeated calls start: the exit of the rank's last call before the shadow. */
    long start() {
        return start;
    }

    /** Appends the repeated records to {@code sink} in order, each with its position's mean times. */
    void replayInto(RecordSink sink) {
        long[] record = new long[Event.WORDS];
        long full = repeated / period;
        int partial = (int) (repeated % period);
        long t = start;
        for (long i = 0; i < repeated; i++) {
            int position = (int) (i % period);
            long times = full + (position < partial ? 1 : 0);
            System.arraycopy(iteration, position * Event.WORDS, record, 0, Event.WORDS);
            long enter = t + computeSums[position] / times;
            t = enter + insideSums[position] / times;
            record[Event.W_ENTER] = enter;
            record[Event.W_EXIT] = t;
            sink.append(record, 0);
        }
    }
}
