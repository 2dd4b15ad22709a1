package org.mpjtrace.cli.compare;

import java.util.Arrays;
import org.mpjtrace.cli.BadInputException;
import org.mpjtrace.cli.format.ExpandedRank;
import org.mpjtrace.replay.ReplayException;
import org.mpjtrace.replay.ReplayedCalls;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.ThreadOrder;
import org.mpjtrace.trace.TraceFile;

/**
 * One rank's calls as records, whatever the mode, thread by thread ({@link ThreadOrder}), the one order
 * every mode keeps: a dump's own, or rebuilt from the compressed trace as the replay makes them
 * ({@link ReplayedCalls}). So in a clustered trace a non-lead's calls are its lead's with what its own
 * section keeps applied: its peers where they never varied, its v-collective and constructor arguments,
 * its loop counts. That is what the file holds of the rank, and what {@code replay} and {@code proxy}
 * make of it; the lead's calls alone would charge the trace with what it does keep.
 */
final class RankCalls {
    private RankCalls() {}

    /**
     * @return the rank's calls, or null when the trace has no section for it
     * @throws IllegalArgumentException when the trace holds no value for the rank where it needs one
     * @throws BadInputException        when the rank's calls cannot be held in memory
     */
    static RankTrace of(TraceFile trace, int rank) {
        RankTrace section = trace.rank(rank);
        if (section == null) return null;
        if (trace.global() == null) return ThreadOrder.grouped(section);
        long limit = ExpandedRank.callLimit();
        long[][] words = {new long[64 * Event.WORDS]};
        int[] n = {0};
        try {
            ReplayedCalls calls = new ReplayedCalls(trace, rank);
            for (int t = 0; t < calls.threads(); t++) {
                calls.play(t, (w, b, computeNanos) -> {
                    if (n[0] == limit) throw ExpandedRank.tooMany(rank, limit);
                    if ((n[0] + 1) * Event.WORDS > words[0].length)
                        words[0] = Arrays.copyOf(words[0], (int) Math.min((long) words[0].length * 2, limit * Event.WORDS));
                    System.arraycopy(w, b, words[0], n[0]++ * Event.WORDS, Event.WORDS);
                });
            }
        } catch (ReplayException e) {
            throw new IllegalArgumentException("rank " + rank + ": " + e.getMessage());
        }
        return new RankTrace(rank, section.host(), 0, n[0], words[0], section.comms(), section.datatypes(), section.redops(),
                section.stats());
    }
}
