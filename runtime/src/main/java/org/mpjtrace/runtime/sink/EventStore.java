package org.mpjtrace.runtime.sink;

import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.Event;

/**
 * A rank's recorded events, appended by the fold thread in chunks so that growing never copies what
 * is already stored. Only the fold thread appends; the rank's own thread reads it once the rank's
 * rings are drained (the ring's release/acquire on its tail orders the two).
 */
public final class EventStore implements RecordSink {
    private static final int CHUNK_EVENTS = 4096;
    private static final int CHUNK_WORDS = CHUNK_EVENTS * Event.WORDS;

    /**
     * Takes records and keeps none: where a failed rank's rings still have to be emptied, and in the
     * hot-path benchmark, which measures probe to ring, not the trace's memory.
     */
    public static final EventStore DISCARD = new EventStore(true);

    private final boolean discarding;
    private final List<long[]> chunks = new ArrayList<>();
    private long[] current;
    private int used = CHUNK_WORDS;
    private long events;

    public EventStore() {
        this(false);
    }

    private EventStore(boolean discarding) {
        this.discarding = discarding;
    }

    @Override
    public void append(long[] src, int base) {
        if (discarding) return;
        if (used == CHUNK_WORDS) {
            current = new long[CHUNK_WORDS];
            chunks.add(current);
            used = 0;
        }
        System.arraycopy(src, base, current, used, Event.WORDS);
        used += Event.WORDS;
        events++;
    }

    public long events() {
        return events;
    }

    /** Bytes of trace memory held. */
    public long bytes() {
        return (long) chunks.size() * CHUNK_WORDS * Long.BYTES;
    }

    /** All events laid end to end. */
    public long[] toArray() {
        if (events * Event.WORDS > Integer.MAX_VALUE - 8)
            throw new IllegalStateException("too many events for one rank in dump mode: " + events);
        long[] all = new long[(int) (events * Event.WORDS)];
        int at = 0;
        for (long[] chunk : chunks) {
            int n = Math.min(CHUNK_WORDS, all.length - at);
            System.arraycopy(chunk, 0, all, at, n);
            at += n;
        }
        return all;
    }
}
