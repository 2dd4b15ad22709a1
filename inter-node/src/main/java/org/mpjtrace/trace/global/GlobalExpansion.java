package org.mpjtrace.trace.global;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.ValuePeriod;
import org.mpjtrace.trace.fold.ValueSeq;

/** Replays the merged trace as one rank's sequence of calls (what that rank did, in order). */
public final class GlobalExpansion {
    /** Receives the rank's occurrences in order; {@code values} (one per {@link Field}) is reused. */
    public interface Sink {
        void occurrence(GlobalEvent event, long[] values);
    }

    /** Also told where a loop's iterations are all alike, and shown only the first of them: {@link #expandRepeats}. */
    public interface RepeatSink extends Sink {
        /** The occurrences up to {@link #repeatEnd} are one iteration of a loop run {@code count} (at least 2) times. */
        void repeatStart(long count);

        void repeatEnd();
    }

    /** Sees every visit of a loop the rank runs, with its recorded count, and says how often to run it. */
    public interface LoopCounts {
        long count(GlobalLoop loop, long recorded);
    }

    private final int rank;
    private final Sink sink;
    private final LoopCounts loopCounts;
    private final Set<Field> sameIn;
    /** Per loop asked about: whether its iterations are alike, and what that needs of a visit. */
    private final Map<GlobalLoop, Alike> alike = new IdentityHashMap<>();
    private boolean inRepeat;
    private final Map<GlobalEvent, FieldValues> fieldValues = new IdentityHashMap<>();
    private final Map<GlobalLoop, RecordedCounts> countCursors = new IdentityHashMap<>();
    private final long[] values = new long[Field.ALL.length];

    private GlobalExpansion(int rank, Sink sink, LoopCounts loopCounts) {
        this(rank, sink, loopCounts, null);
    }

    private GlobalExpansion(int rank, Sink sink, LoopCounts loopCounts, Set<Field> sameIn) {
        this.sameIn = sameIn;
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

    /**
     * As {@link #expand(GlobalTrace, int, Sink)}, except that a loop visit of 2 or more iterations that are
     * all alike is walked once, between {@link RepeatSink#repeatStart} and {@link RepeatSink#repeatEnd}.
     * Alike means: every loop below it keeps one count, and every event below it gives the same values
     * for the rank in each field of {@code sameIn} in every iteration (see {@link #alike(GlobalLoop)}). So a reader of the loop structure (phase
     * detection) pays for one iteration of a time loop, not for all of them. Only the outermost such loop
     * is marked, and only when no loop in its body runs more iterations in a row than it does: of nested
     * repeats the one repeated most often stands for the structure (a loop of 2 steps each of 5 sends then
     * 5 reduces is two runs of 5 per step, not one run of 2), as a pattern finder reading the calls sees it. The other fields' values are not to be read in this walk: the first iteration stands for
     * all, so later visits of the same events see values from the wrong place in their sequences.
     */
    public static void expandRepeats(GlobalTrace trace, int rank, Set<Field> sameIn, RepeatSink sink) {
        new GlobalExpansion(rank, sink, (loop, recorded) -> recorded, Set.copyOf(sameIn)).walk(trace.nodes());
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
                Alike a = sameIn != null && !inRepeat && count >= 2 ? alike(l) : null;
                if (a != null && a.inner <= count && a.fits(count)) {
                    RepeatSink repeats = (RepeatSink) sink;
                    repeats.repeatStart(count);
                    inRepeat = true;
                    walk(l.body());
                    inRepeat = false;
                    a.skip(count - 1);
                    repeats.repeatEnd();
                } else {
                    for (long i = 0; i < count; i++) walk(l.body());
                }
            }
        }
    }

    /**
     * Whether every iteration of the loop makes the same calls with the same values in {@link #sameIn} for
     * the rank: null if not. Iterations are alike when every loop in the body keeps one count, and every
     * event's values in those fields repeat with a period that divides the number of values it takes per
     * iteration (a send to r+2 then r+1 in a loop of 2 is alike in every iteration of the loop around it).
     * The period is the whole run's, so every visit of the loop starts its iterations at the same place in
     * each period; {@link Alike#fits} checks that a visit's iterations are all recorded, not past the end
     * of a sequence (where expansion repeats the last value).
     */
    private Alike alike(GlobalLoop loop) {
        if (alike.containsKey(loop)) return alike.get(loop);
        Alike a = new Alike();
        if (!a.add(loop.body(), 1)) a = null;
        alike.put(loop, a);
        return a;
    }

    /** What makes a loop's iterations alike: the loops and events in its body, and how often each runs per iteration. */
    private final class Alike {
        /** The greatest count of a loop in the body, 0 for none. */
        long inner;
        final List<FieldValues> events = new ArrayList<>();
        final List<Long> perIteration = new ArrayList<>();
        final List<Long> recorded = new ArrayList<>();

        /** Adds a body run {@code times} per iteration; false when its iterations are not alike. */
        boolean add(List<GlobalNode> body, long times) {
            for (GlobalNode n : body) {
                if (!n.ranks().contains(rank)) continue;
                if (n instanceof GlobalEvent e) {
                    // Past its recorded values an event repeats its last one: no matter for a constant field.
                    long size = Long.MAX_VALUE;
                    for (Field f : sameIn) {
                        ValueSeq values = valueFor(e.field(f));
                        long period = ValuePeriod.of(values);
                        if (period == 0 || times % period != 0) return false;
                        if (period > 1) size = Math.min(size, values.size());
                    }
                    events.add(fieldValues.computeIfAbsent(e, GlobalExpansion.this::valuesOf));
                    perIteration.add(times);
                    recorded.add(size);
                } else {
                    GlobalLoop l = (GlobalLoop) n;
                    ValueSeq counts = valueFor(l.counts());
                    if (counts.size() == 0 || !ValuePeriod.constant(counts)) return false;
                    long count = counts.cursor().next();
                    if (count > (1L << 40) / times || !add(l.body(), times * count)) return false;
                    inner = Math.max(inner, count);
                }
            }
            return true;
        }

        /** Whether every event has values recorded for {@code count} more iterations. */
        boolean fits(long count) {
            for (int i = 0; i < events.size(); i++) {
                long needed = count > Long.MAX_VALUE / perIteration.get(i) ? Long.MAX_VALUE : count * perIteration.get(i);
                if (recorded.get(i) - events.get(i).taken < needed) return false;
            }
            return true;
        }

        /** Counts {@code iterations} more as taken from every event's values, as if walked. */
        void skip(long iterations) {
            for (int i = 0; i < events.size(); i++) events.get(i).taken += iterations * perIteration.get(i);
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
        /** The occurrences read so far, and in {@link #expandRepeats} those a repeat stood for. */
        long taken;

        FieldValues(ValueSeq.Cursor[] cursors) {
            this.cursors = cursors;
        }

        void next(long[] out) {
            taken++;
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
