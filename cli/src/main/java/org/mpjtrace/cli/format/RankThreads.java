package org.mpjtrace.cli.format;

import java.util.List;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;

/**
 * How many of a rank's threads called MPJ: one more than the highest thread number among its calls
 * ({@link Event}: 0 is the thread that called MPI.Init), from its own events when the trace keeps them,
 * else from the compressed trace's events that the rank runs.
 */
public final class RankThreads {
    private RankThreads() {}

    public static int of(TraceFile trace, int rank) {
        RankTrace own = trace.rank(rank);
        if (own != null && own.eventCount() > 0) return ofEvents(own);
        return trace.global() == null ? 1 : ofNodes(trace.global().nodes(), rank);
    }

    public static int ofEvents(RankTrace rank) {
        int highest = 0;
        for (int i = 0; i < rank.eventCount(); i++) highest = Math.max(highest, Event.thread(rank.words(), RankTrace.base(i)));
        return highest + 1;
    }

    /** Over every rank when {@code rank} is negative. */
    public static int ofNodes(List<GlobalNode> nodes, int rank) {
        int n = 1;
        for (GlobalNode g : nodes) {
            if (rank >= 0 && !g.ranks().contains(rank)) continue;
            n = Math.max(n, g instanceof GlobalEvent e ? e.thread() + 1 : ofNodes(((GlobalLoop) g).body(), rank));
        }
        return n;
    }
}
