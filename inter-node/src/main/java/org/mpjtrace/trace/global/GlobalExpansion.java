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

    /** Sees every visit of a loop the rank runs, with its recorded count, and says how often to run it. */
    public interface LoopCounts {
        long count(GlobalLoop loop, long recorded);
    }

    private final int rank;
    private final Sink sink;
    private final LoopCounts loopCounts;
    private final Map<GlobalEvent, FieldValues> fieldValues = new IdentityHashMap<>();
    private final Map<GlobalLoop, RecordedCounts> countCursors = new IdentityHashMap<>();
    private final long[] values = new long[Field.ALL.length];

    private GlobalExpansion(int rank, Sink sink, LoopCounts loopCounts) {
        this.rank = rank;
        this.sink = sink;
        this.loopCounts = loopCounts;
    }

    /** @throws IllegalStateException when the trace holds no value for the rank where it needs one */
    public static void expand(GlobalTrace trace, int rank, Sink sink) {
        new GlobalExpansion(rank, sink, (loop, recorded) -> recorded).walk(trace.nodes());
    }

    /**
     * The calls the trace makes for {@code rank}, counted up to {@code limit}: limit + 1 when there are
     * more, so a trace standing for billions of calls is measured in the time of {@code limit} calls.
     */
    public static long callsUpTo(GlobalTrace trace, int rank, long limit) {
        long[] calls = {0};
        try {
            expand(trace, rank, (event, values) -> {
                if (++calls[0] > limit) throw new PastLimit();
            });
        } catch (PastLimit e) {
            return limit + 1;
        }
        return calls[0];
    }

    /** Stops {@link #callsUpTo} at its limit; thrown and caught there only. */
    private static final class PastLimit extends RuntimeException {
        private static final long serialVersionUID = 1L;

        PastLimit() {
            super(null, null, false, false);
        }
    }

    /**
     * As {@link #expand(GlobalTrace, int, Sink)}, each loop run as often as {@code loopCounts} says. An
     * event run more often than its loop was recorded repeats its last recorded values, and so does a
     * loop reached more often than its counts were recorded (inside a loop run more often) its last count.
     */
    public static void expand(GlobalTrace trace, int rank, LoopCounts loopCounts, Sink sink) {
        new GlobalExpansion(rank, sink, loopCounts).walk(trace.nodes());
    }

    private void walk(List<GlobalNode> nodes) {
        for (GlobalNode n : nodes) {
            if (!n.ranks().contains(rank)) continue;
            if (n instanceof GlobalEvent e) {
                fieldValues.computeIfAbsent(e, this::valuesOf).next(values);
                sink.occurrence(e, values);
            } else {
                GlobalLoop l = (GlobalLoop) n;
                long recorded = countCursors.computeIfAbsent(l, x -> new RecordedCounts(valueFor(x.counts()).cursor())).next();
                long count = loopCounts.count(l, recorded);
                for (long i = 0; i < count; i++) walk(l.body());
            }
        }
    }

    private FieldValues valuesOf(GlobalEvent e) {
        ValueSeq.Cursor[] c = new ValueSeq.Cursor[Field.ALL.length];
        for (Field f : Field.ALL) c[f.ordinal()] = valueFor(e.field(f)).cursor();
        return new FieldValues(c);
    }

    private ValueSeq valueFor(Alternatives<ValueSeq> alternatives) {
        ValueSeq v = alternatives.valueFor(rank);
        if (v == null) throw new IllegalStateException("the trace has no value for rank " + rank + " where it runs");
        return v;
    }

    /** An event's value cursors, and the values they gave last, which a loop run past its record repeats. */
    private static final class FieldValues {
        final ValueSeq.Cursor[] cursors;
        final long[] last = new long[Field.ALL.length];
        boolean started;

        FieldValues(ValueSeq.Cursor[] cursors) {
            this.cursors = cursors;
        }

        void next(long[] out) {
            for (int i = 0; i < out.length; i++) {
                if (cursors[i].hasNext() || !started) last[i] = cursors[i].next();
                out[i] = last[i];
            }
            started = true;
        }
    }

    /** A loop's recorded counts, the last repeated once they run out. */
    private static final class RecordedCounts {
        final ValueSeq.Cursor cursor;
        long last;

        RecordedCounts(ValueSeq.Cursor cursor) {
            this.cursor = cursor;
        }

        long next() {
            if (cursor.hasNext()) last = cursor.next();
            return last;
        }
    }
}
