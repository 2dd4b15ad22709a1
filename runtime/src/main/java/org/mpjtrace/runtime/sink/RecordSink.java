package org.mpjtrace.runtime.sink;

/** Where the fold thread puts a rank's records: the dump store, the loop compressor, or both. */
public interface RecordSink {
    void append(long[] w, int base);

    /**
     * The rank's program resumed at {@code nanos} after work of the tracer's on its thread (set-up at
     * MPI.Init, a marker): the next call's compute time counts from then, so that replays and the
     * compute signatures do not take the tracer's time for the program's. A dump keeps exact times and
     * ignores it.
     */
    default void resumeAt(long nanos) {}

    /** Both sinks, in order (mode full with the dump kept for checking). */
    static RecordSink both(RecordSink first, RecordSink second) {
        return new RecordSink() {
            @Override
            public void append(long[] w, int base) {
                first.append(w, base);
                second.append(w, base);
            }

            @Override
            public void resumeAt(long nanos) {
                first.resumeAt(nanos);
                second.resumeAt(nanos);
            }
        };
    }
}
