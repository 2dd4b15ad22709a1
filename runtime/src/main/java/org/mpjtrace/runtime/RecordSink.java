package org.mpjtrace.runtime;

/** Where the fold thread puts a rank's records: the dump store, the loop compressor, or both. */
interface RecordSink {
    void append(long[] w, int base);

    /** Both sinks, in order (mode full with the dump kept for checking). */
    static RecordSink both(RecordSink first, RecordSink second) {
        return (w, base) -> {
            first.append(w, base);
            second.append(w, base);
        };
    }
}
