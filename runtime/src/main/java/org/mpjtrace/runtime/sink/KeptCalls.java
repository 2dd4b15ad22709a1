package org.mpjtrace.runtime.sink;

import java.util.Arrays;
import org.mpjtrace.trace.Event;

/**
 * A non-lead's raw records since the last marker ({@link ClusteringSink}), with the points its program
 * resumed at among them, up to {@link ClusteringSink#TAIL_RECORDS} records: should its calls turn out not
 * to be its lead's where the leads merge, it traces them itself. The buffer grows with the interval and
 * is reused from one interval to the next: at most TAIL_RECORDS records (393 kB); a longer interval is
 * lost, not kept in part.
 */
final class KeptCalls {
    private long[] records;
    private int count;
    private boolean lost;
    /** Where the interval began: its first call's compute time counts from here. */
    private long origin;
    /** Where the rank resumed inside the kept interval (pairs: the thread above records kept before it, then the time). */
    private long[] resumes = new long[0];
    private int resumeCount;

    KeptCalls(long origin) {
        this.origin = origin;
    }

    void add(long[] w, int base) {
        if (lost) return;
        if (count == ClusteringSink.TAIL_RECORDS) {
            lost = true;
            return;
        }
        int need = (count + 1) * Event.WORDS;
        if (records == null) records = new long[64 * Event.WORDS];
        else if (records.length < need) records = Arrays.copyOf(records, Math.min(ClusteringSink.TAIL_RECORDS * Event.WORDS, 2 * records.length));
        System.arraycopy(w, base, records, count * Event.WORDS, Event.WORDS);
        count++;
    }

    void resumeAt(int thread, long nanos) {
        if (lost) return;
        if (resumeCount == ClusteringSink.TAIL_RECORDS) { // a program pausing and resuming over and over: as many as records, no more
            lost = true;
            return;
        }
        if (resumeCount == resumes.length / 2) resumes = Arrays.copyOf(resumes, Math.max(8, 2 * resumes.length));
        resumes[2 * resumeCount] = (long) thread << 32 | count;
        resumes[2 * resumeCount + 1] = nanos;
        resumeCount++;
    }

    boolean full() {
        return count == ClusteringSink.TAIL_RECORDS;
    }

    /** Whether some did not fit. */
    boolean lost() {
        return lost;
    }

    long origin() {
        return origin;
    }

    /** The kept calls start at {@code at} (a non-lead left its loop's shadow, with nothing kept). */
    void startAt(long at) {
        origin = at;
    }

    /** The kept calls, with the points the rank resumed at among them, into {@code to}; none are kept after. */
    void foldInto(RecordSink to) {
        int resume = 0;
        for (int i = 0; i <= count; i++) {
            for (; resume < resumeCount && (int) resumes[2 * resume] == i; resume++)
                to.resumeAt((int) (resumes[2 * resume] >> 32), resumes[2 * resume + 1]);
            if (i < count) to.append(records, i * Event.WORDS);
        }
        records = null;
        count = 0;
        resumeCount = 0;
    }

    /** A new interval from {@code at}: nothing kept, nothing lost; {@code release}: the buffer too. */
    void restart(long at, boolean release) {
        count = 0;
        resumeCount = 0;
        lost = false;
        origin = at;
        if (release) records = null;
    }
}
