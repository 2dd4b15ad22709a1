package org.mpjtrace.trace.global;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.ValueSeq;

/** Replays the merged trace as one rank's sequence of calls (what that rank did, in order). */
public final class GlobalExpansion {
    /** Receives the rank's occurrences in order; {@code values} (one per {@link Field}) is reused. */
    public interface Sink {
        void occurrence(GlobalEvent event, long[] values);
    }

    private final int rank;
    private final Sink sink;
    private final Map<GlobalEvent, ValueSeq.Cursor[]> fieldCursors = new IdentityHashMap<>();
    private final Map<GlobalLoop, ValueSeq.Cursor> countCursors = new IdentityHashMap<>();
    private final long[] values = new long[Field.ALL.length];

    private GlobalExpansion(int rank, Sink sink) {
        this.rank = rank;
        this.sink = sink;
    }

    /** @throws IllegalStateException when the trace holds no value for the rank where it needs one */
    public static void expand(GlobalTrace trace, int rank, Sink sink) {
        new GlobalExpansion(rank, sink).walk(trace.nodes());
    }

    private void walk(List<GlobalNode> nodes) {
        for (GlobalNode n : nodes) {
            if (!n.ranks().contains(rank)) continue;
            if (n instanceof GlobalEvent e) {
                ValueSeq.Cursor[] c = fieldCursors.computeIfAbsent(e, this::cursorsOf);
                for (int i = 0; i < values.length; i++) values[i] = c[i].next();
                sink.occurrence(e, values);
            } else {
                GlobalLoop l = (GlobalLoop) n;
                long count = countCursors.computeIfAbsent(l, x -> valueFor(x.counts()).cursor()).next();
                for (long i = 0; i < count; i++) walk(l.body());
            }
        }
    }

    private ValueSeq.Cursor[] cursorsOf(GlobalEvent e) {
        ValueSeq.Cursor[] c = new ValueSeq.Cursor[Field.ALL.length];
        for (Field f : Field.ALL) c[f.ordinal()] = valueFor(e.field(f)).cursor();
        return c;
    }

    private ValueSeq valueFor(Alternatives<ValueSeq> alternatives) {
        ValueSeq v = alternatives.valueFor(rank);
        if (v == null) throw new IllegalStateException("the trace has no value for rank " + rank + " where it runs");
        return v;
    }
}
