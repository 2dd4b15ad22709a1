package org.mpjtrace.trace.fold;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Replays a compressed trace as the sequence of calls it stands for: loops run their recorded counts,
 * and each occurrence of an event takes the next value of each of its fields.
 */
public final class TraceExpansion {
    /** Receives the occurrences in order; {@code values} (one per {@link Field}) is reused between calls. */
    public interface Sink {
        void occurrence(EventNode node, long[] values);
    }

    private final Map<EventNode, ValueSeq.Cursor[]> fieldCursors = new IdentityHashMap<>();
    private final Map<LoopNode, ValueSeq.Cursor> countCursors = new IdentityHashMap<>();
    private final long[] values = new long[Field.ALL.length];
    private final Sink sink;
    /** Occurrences still to give. */
    private long left;

    private TraceExpansion(Sink sink, long limit) {
        this.sink = sink;
        this.left = limit;
    }

    public static void expand(List<TraceNode> nodes, Sink sink) {
        expand(nodes, sink, Long.MAX_VALUE);
    }

    /** The first {@code limit} occurrences only (all of them when there are fewer). */
    public static void expand(List<TraceNode> nodes, Sink sink, long limit) {
        new TraceExpansion(sink, limit).walk(nodes);
    }

    private void walk(List<TraceNode> nodes) {
        for (TraceNode n : nodes) {
            if (left == 0) return;
            if (n instanceof EventNode e) {
                ValueSeq.Cursor[] c = fieldCursors.computeIfAbsent(e, TraceExpansion::cursorsOf);
                for (int i = 0; i < values.length; i++) values[i] = c[i].next();
                left--;
                sink.occurrence(e, values);
            } else {
                LoopNode l = (LoopNode) n;
                long count = countCursors.computeIfAbsent(l, x -> x.counts().cursor()).next();
                for (long i = 0; i < count && left > 0; i++) walk(l.body());
            }
        }
    }

    private static ValueSeq.Cursor[] cursorsOf(EventNode e) {
        ValueSeq.Cursor[] c = new ValueSeq.Cursor[Field.ALL.length];
        for (Field f : Field.ALL) c[f.ordinal()] = e.values(f).cursor();
        return c;
    }
}
