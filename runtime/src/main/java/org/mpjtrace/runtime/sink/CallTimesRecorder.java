package org.mpjtrace.runtime.sink;

import org.mpjtrace.trace.CallTimes;
import org.mpjtrace.trace.Event;

/**
 * timing=lossless or lossy (mode full and the clustering modes): every record's times kept as {@link CallTimes} (per thread,
 * the interval since the thread's previous call and the call's duration, exactly or as their
 * {@link org.mpjtrace.trace.LossyBins}). Runs on the fold thread
 * beside the loop folder, so the application's threads do no more than in mode full.
 */
public final class CallTimesRecorder implements RecordSink {
    private final CallTimes.Builder times;

    /**
     * @param initNanos when the rank entered MPI.Init: each thread's first interval counts from it
     * @param epsilon   0 for exact times; timing=lossy's relative error
     */
    public CallTimesRecorder(long initNanos, double epsilon) {
        this.times = CallTimes.builder(initNanos, epsilon);
    }

    @Override
    public void append(long[] w, int base) {
        times.add(Event.thread(w, base), Event.enter(w, base), Event.exit(w, base));
    }

    /** What was kept so far. */
    public CallTimes times() {
        return times.build();
    }
}
