package org.mpjtrace.cli.format;

import org.mpjtrace.cli.BadInputException;
import org.mpjtrace.replay.RebuiltRank;
import org.mpjtrace.trace.CallTimes;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * One rank's calls rebuilt from a loop-compressed trace, as a rank section of records: every op, site
 * and parameter as the file keeps them for the rank ({@link RebuiltRank}); times are each call's own where the trace keeps them (timing=lossless),
 * else 0 (the default keeps times as per-event histograms, not per call).
 * The calls are counted first, so the records take one array of exactly their size, and a rank standing
 * for more calls than a rank section or half this JVM's heap can hold is refused in one line instead of
 * running out of memory part way.
 */
public final class ExpandedRank {
    private static final long BYTES_PER_CALL = Event.WORDS * Long.BYTES;

    private ExpandedRank() {}

    /**
     * @param section the rank's own section of the file (its tables and statistics)
     * @throws BadInputException when the rank's calls cannot be held in memory
     */
    public static RankTrace of(TraceFile trace, RankTrace section) {
        int rank = section.rank();
        long limit = callLimit();
        RebuiltRank rebuilt = new RebuiltRank(trace, rank);
        long calls = rebuilt.callsUpTo(limit);
        if (calls > limit) throw tooMany(rank, limit);
        long[] words = new long[(int) calls * Event.WORDS];
        int[] n = {0};
        CallTimes.Clock clock = section.times().isEmpty() ? null : section.times().clock(section.initNanos());
        rebuilt.forEach((event, w, b) -> {
            int base = n[0] * Event.WORDS;
            System.arraycopy(w, b, words, base, Event.WORDS);
            if (clock != null && clock.next(event.thread())) {
                words[base + Event.W_ENTER] = clock.enter();
                words[base + Event.W_EXIT] = clock.exit();
            }
            n[0]++;
        });
        // The times' origin: the rank's MPI.Init for its calls' own times, else 0 like the records' zeros,
        // so decode prints t=0 rather than minus the rank's Init time.
        return new RankTrace(rank, section.host(), clock == null ? 0 : section.initNanos(), n[0], words, section.comms(), section.datatypes(),
                section.redops(), section.stats());
    }

    /** The most calls of one rank this JVM holds as records: a record array's limit, or half the heap. */
    public static long callLimit() {
        return Math.min(Integer.MAX_VALUE / Event.WORDS, Runtime.getRuntime().maxMemory() / 2 / BYTES_PER_CALL);
    }

    /** The one-line refusal of a rank past {@link #callLimit()}. */
    public static BadInputException tooMany(int rank, long limit) {
        return new BadInputException("rank " + rank + " stands for more than " + limit + " calls, more than this JVM's heap (-Xmx) "
                + "can hold to rebuild them one by one");
    }
}
