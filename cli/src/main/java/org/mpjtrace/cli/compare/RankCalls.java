package org.mpjtrace.cli.compare;

import org.mpjtrace.cli.format.ExpandedRank;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.ThreadOrder;
import org.mpjtrace.trace.TraceFile;

/**
 * One rank's calls as records, whatever the mode: a dump's own, or rebuilt from the global trace; thread
 * by thread ({@link ThreadOrder}), the one order every mode keeps.
 */
final class RankCalls {
    private RankCalls() {}

    /** @return the rank's calls, or null when the trace has no section for it */
    static RankTrace of(TraceFile trace, int rank) {
        RankTrace section = trace.rank(rank);
        if (section == null) return null;
        return ThreadOrder.grouped(trace.global() != null ? ExpandedRank.of(trace, section) : section);
    }
}
