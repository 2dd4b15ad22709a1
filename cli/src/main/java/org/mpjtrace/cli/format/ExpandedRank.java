package org.mpjtrace.cli.format;

import java.util.Arrays;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fold.EventRecords;
import org.mpjtrace.trace.global.GlobalExpansion;

/**
 * One rank's calls rebuilt from a loop-compressed trace, as a rank section of records: every op, site
 * and parameter as recorded; times are 0 (mode full keeps times as per-event histograms, not per call).
 */
public final class ExpandedRank {
    private ExpandedRank() {}

    /** @param section the rank's own section of the file (its tables and statistics) */
    public static RankTrace of(TraceFile trace, RankTrace section) {
        int rank = section.rank(), worldSize = trace.meta().worldSize();
        long[][] words = {new long[Event.WORDS * 64]};
        int[] n = {0};
        GlobalExpansion.expand(trace.global(), rank, (event, values) -> {
            if ((n[0] + 1) * Event.WORDS > words[0].length) words[0] = Arrays.copyOf(words[0], words[0].length * 2);
            EventRecords.toRecord(event.op(), event.site(), event.stack(), values, rank, worldSize, words[0], n[0] * Event.WORDS);
            n[0]++;
        });
        // Time origin 0 like the records' times, so decode prints t=0 rather than minus the rank's Init time.
        return new RankTrace(rank, section.host(), 0, n[0], Arrays.copyOf(words[0], n[0] * Event.WORDS),
                section.comms(), section.datatypes(), section.redops(), section.stats());
    }
}
