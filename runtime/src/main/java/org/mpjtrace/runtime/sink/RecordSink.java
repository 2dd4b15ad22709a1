package org.mpjtrace.runtime.sink;

/** Where the fold thread puts a rank's records: the dump store, the loop compressor, or both. */
public interface RecordSink {
    void append(long[] w, int base);

    /** {@link #resumeAt}'s thread for every thread of the rank (tracing resumed after the program paused it). */
    int ALL_THREADS = -1;

    /**
     * Thread {@code thread} of the rank resumed the program at {@code nanos} after work of the tracer's on it
     * (set-up at MPI.Init, a marker), or every thread did ({@link #ALL_THREADS}: tracing resumed after a
     * pause): that thread's next call counts its compute time from then, so that replays and the compute
     * signatures do not take the tracer's time for the program's. The rank's other threads ran on meanwhile,
     * so theirs still count from their own last calls. A dump keeps exact times and ignores it.
     */
    default void resumeAt(int thread, long nanos) {}

    /** Both sinks, in order (mode full with the dump kept for checking). */
    static RecordSink both(RecordSink first, RecordSink second) {
        return new RecordSink() {
            @Override
            public void append(long[] w, int base) {
                first.append(w, base);
                second.append(w, base);
            }

            @Override
            public void resumeAt(int thread, long nanos) {
                first.resumeAt(thread, nanos);
                second.resumeAt(thread, nanos);
            }
        };
    }
}
