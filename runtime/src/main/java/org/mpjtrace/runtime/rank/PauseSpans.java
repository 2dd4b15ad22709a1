package org.mpjtrace.runtime.rank;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The spans a rank's tracing was paused by its program ({@code org.mpjtrace.api.Tracing}, or the JVM's
 * {@link TracingSwitch}): whether the rank itself is paused now, since when, and the spans that ended,
 * which the rank's statistics keep (RankStats.paused). Pause and resume come from the application's
 * threads, the snapshot from the rank at MPI.Finalize; {@link #paused} is read on every call.
 */
final class PauseSpans {
    private volatile boolean paused;
    private long pausedAt;
    private final List<long[]> ended = new CopyOnWriteArrayList<>();

    boolean paused() {
        return paused;
    }

    /** The rank pauses at {@code now}; a pause while paused does nothing. */
    synchronized void pause(long now) {
        if (paused) return;
        pausedAt = now;
        paused = true;
    }

    /** The rank resumes: the start of the pause this ends, or -1 when it was not paused. */
    synchronized long resume() {
        if (!paused) return -1;
        paused = false;
        return pausedAt;
    }

    void ended(long start, long end) {
        ended.add(new long[] {start, end});
    }

    /**
     * Start and end, pair after pair: the ended spans, then the pauses still going on (the JVM's since
     * {@code jvmSince} when it is 0 or more, the rank's own) ending {@code now}; none starts before {@code floor}.
     */
    synchronized long[] toArray(long floor, long jvmSince, long now) {
        List<long[]> spans = new ArrayList<>(ended);
        if (jvmSince >= 0) spans.add(new long[] {Math.max(jvmSince, floor), now});
        if (paused) spans.add(new long[] {Math.max(pausedAt, floor), now});
        long[] all = new long[2 * spans.size()];
        for (int i = 0; i < spans.size(); i++) {
            all[2 * i] = spans.get(i)[0];
            all[2 * i + 1] = spans.get(i)[1];
        }
        return all;
    }
}
