package org.mpjtrace.cli.format;

import java.util.Arrays;
import org.mpjtrace.replay.RebuiltRank;
import org.mpjtrace.trace.CallTimes;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * One rank's calls one at a time, as records with times, whatever the trace's mode: a dump's own records
 * in their recorded order with their measured times, or the calls rebuilt from the compressed trace
 * ({@link RebuiltRank}: in a clustered trace a non-lead's from its lead's with what its own section keeps,
 * as {@code replay} and {@code compare} make them), with the times the trace keeps, thread by thread:
 * with timing=lossless each call's own ({@link CallTimes}: the same enter and exit as a dump of the
 * run), else each call starts the mean of its compute histogram after the previous call of its thread
 * ended and lasts the mean of its time-inside histogram, each thread starting at 0.
 *
 * <p>Nothing is collected: a rebuilt call is written into one 12-word record reused for the next, so a
 * rank standing for billions of calls streams in constant memory (the dump's records are the loaded
 * file's own).
 */
public final class TimedCalls {

    /**
     * Sees each call as a record at {@code base} of {@code calls}, whose tables (datatypes, communicators)
     * are the rank's; what it throws, {@link #forEach} throws.
     */
    public interface Visitor<X extends Exception> {
        void call(RankTrace calls, int base) throws X;
    }

    private TimedCalls() {}

    /** Whether the rank's calls come from the compressed trace: it has one, and the rank's section keeps no dump of its own (or the caller asks to rebuild). */
    public static boolean rebuilt(TraceFile trace, RankTrace section, boolean expand) {
        return trace.global() != null && (expand || section.eventCount() == 0);
    }

    /** Whether the rank's calls get the trace's mean times, not their own: rebuilt, without timing=lossless's times. */
    public static boolean meanTimes(TraceFile trace, RankTrace section, boolean expand) {
        return rebuilt(trace, section, expand) && section.times().isEmpty();
    }

    /** The origin of the times the visitor sees for this rank: its MPI.Init for its calls' own times, 0 for means. */
    public static long origin(TraceFile trace, RankTrace section, boolean expand) {
        return meanTimes(trace, section, expand) ? 0 : section.initNanos();
    }

    /**
     * @param expand rebuild the calls from the compressed trace even when the section keeps a dump
     *               (mode full with keepDump), as {@code decode --expand} does
     */
    public static <X extends Exception> void forEach(TraceFile trace, RankTrace section, boolean expand, Visitor<X> v) throws X {
        if (!rebuilt(trace, section, expand)) {
            for (int i = 0; i < section.eventCount(); i++) v.call(section, RankTrace.base(i));
            return;
        }
        forEachRebuilt(trace, section, new RebuiltRank(trace, section.rank()), expand, v);
    }

    /** {@link #forEach} of a rank whose calls are rebuilt, by {@code rebuilt} (its loops fitted once for whoever also counts them). */
    private static <X extends Exception> void forEachRebuilt(TraceFile trace, RankTrace section, RebuiltRank rebuilt, boolean expand, Visitor<X> v)
            throws X {
        long[] record = new long[Event.WORDS];
        RankTrace one = new RankTrace(section.rank(), section.host(), 0, 1, record, section.comms(), section.datatypes(),
                section.redops(), section.stats());
        CallTimes.Clock clock = section.times().isEmpty() ? null : section.times().clock(section.initNanos());
        long start = origin(trace, section, expand);
        long[][] threadEnd = {new long[4]};
        Arrays.fill(threadEnd[0], start);
        try {
            rebuilt.forEach(record, (event, w, b) -> {
                int t = event.thread();
                if (t >= threadEnd[0].length) {
                    int old = threadEnd[0].length;
                    threadEnd[0] = Arrays.copyOf(threadEnd[0], Math.max(t + 1, 2 * old));
                    Arrays.fill(threadEnd[0], old, threadEnd[0].length, start);
                }
                long enter, exit;
                if (clock != null && clock.next(t)) {
                    enter = clock.enter();
                    exit = clock.exit();
                } else {
                    enter = threadEnd[0][t] + Math.round(event.compute().mean());
                    exit = enter + Math.round(event.inside().mean());
                }
                record[Event.W_ENTER] = enter;
                record[Event.W_EXIT] = exit;
                threadEnd[0][t] = exit;
                try {
                    v.call(one, 0);
                } catch (Exception e) {
                    throw new Escaped(e);
                }
            });
        } catch (Escaped e) {
            @SuppressWarnings("unchecked") // only the visitor's exceptions are wrapped, and it throws X
            X inner = (X) e.inner;
            throw inner;
        }
    }

    /**
     * The rank's calls rebuilt from the compressed trace as one section of records, with the times
     * {@link #forEach} gives them (each call's own where the trace keeps them, else its call site's mean
     * compute and time inside, one call after another from 0): what {@code decode --expand} prints, as
     * JSON Lines and text alike. Refused in one line past {@link ExpandedRank#callLimit()} calls.
     */
    public static RankTrace expanded(TraceFile trace, RankTrace section) {
        long limit = ExpandedRank.callLimit();
        RebuiltRank rebuilt = new RebuiltRank(trace, section.rank());
        long calls = rebuilt.callsUpTo(limit);
        if (calls > limit) throw ExpandedRank.tooMany(section.rank(), limit);
        long[] words = new long[(int) calls * Event.WORDS];
        int[] n = {0};
        forEachRebuilt(trace, section, rebuilt, true, (one, base) -> System.arraycopy(one.words(), base, words, n[0]++ * Event.WORDS, Event.WORDS));
        return new RankTrace(section.rank(), section.host(), origin(trace, section, true), n[0], words, section.comms(), section.datatypes(),
                section.redops(), section.stats());
    }

    /** Carries the visitor's checked exception out of the expansion's sink. */
    private static final class Escaped extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final Exception inner;

        Escaped(Exception inner) {
            super(null, null, false, false);
            this.inner = inner;
        }
    }
}
