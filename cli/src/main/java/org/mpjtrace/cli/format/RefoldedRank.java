package org.mpjtrace.cli.format;

import org.mpjtrace.replay.RebuiltRank;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fold.EventRecords;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.TraceFolding;
import org.mpjtrace.trace.global.GlobalTrace;

/**
 * A non-lead's own calls folded into loops again, for {@code decode --rank R}: the global trace holds its
 * lead's loops and values, and the rank's section what differs (its own peers, tags, counts, communicators, arguments,
 * loop counts); rebuilt as {@code decode --expand} rebuilds them ({@link RebuiltRank}) and folded by the
 * tracer's own loop folder, they list as what the rank ran. ParityExchange's odd ranks then show their
 * own order of neighbours and their own tags, where the lead's listing showed the even lead's. Each call
 * gets its trace event's mean compute and time inside, so the listing's times are the lead's means.
 */
public final class RefoldedRank {
    /** The most calls refolded: past it the listing stays the lead's, with a line saying what the section keeps. */
    public static final long MAX_CALLS = 2_000_000;

    private RefoldedRank() {}

    /**
     * The rank's own calls as a one-rank trace, or null when its section keeps nothing of its own (the
     * global trace is then its calls), its threads called MPJ at once, or it made more than {@link #MAX_CALLS}.
     *
     * @throws IllegalStateException when the trace holds no value for the rank where it needs one
     */
    public static GlobalTrace of(TraceFile trace, RankTrace section) {
        if (trace.global() == null || !RebuiltRank.keepsOwn(section) || RankThreads.of(trace, section.rank()) > 1) return null;
        int rank = section.rank(), worldSize = trace.meta().worldSize();
        RebuiltRank rebuilt = new RebuiltRank(trace, rank);
        if (rebuilt.callsUpTo(MAX_CALLS) > MAX_CALLS) return null;
        TraceFolding folding = new TraceFolding();
        long[] previousExit = {0};
        long[] values = new long[Field.ALL.length];
        rebuilt.forEach((e, w, b) -> {
            w[b + Event.W_ENTER] = previousExit[0] + Math.round(e.compute().mean());
            w[b + Event.W_EXIT] = w[b + Event.W_ENTER] + Math.round(e.inside().mean());
            EventRecords.appendTo(folding, w, b, rank, worldSize, previousExit[0], values); // as the tracer folds
            previousExit[0] = Event.exit(w, b);
        });
        return GlobalTrace.ofRank(rank, folding.nodes());
    }
}
