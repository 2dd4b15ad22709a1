package org.mpjtrace.cli.format;

import java.util.BitSet;
import java.util.List;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;

/**
 * The thread numbers of a rank's calls ({@link Event}: 0 is the thread that called MPI.Init, the others
 * are numbered in the order the rank started them), from its own events when the trace keeps them, else
 * from the compressed trace's events that the rank runs. A thread the rank started that never called MPJ
 * leaves its number out, so {@link #of} (the numbers to replay, one more than the highest) can be more
 * than {@link #count} (the threads that called).
 */
public final class RankThreads {
    private RankThreads() {}

    /** One more than the highest thread number among the rank's calls: threads 0 to this less one. */
    public static int of(TraceFile trace, int rank) {
        return numbers(trace, rank).length();
    }

    /** How many of the rank's threads called MPJ. */
    public static int count(TraceFile trace, int rank) {
        return numbers(trace, rank).cardinality();
    }

    public static int ofEvents(RankTrace rank) {
        return ofEvents(rank, new BitSet()).length();
    }

    /** Over every rank when {@code rank} is negative. */
    public static int ofNodes(List<GlobalNode> nodes, int rank) {
        return ofNodes(nodes, rank, new BitSet()).length();
    }

    /** The rank's thread numbers; 0 always, as the thread that called MPI.Init. */
    private static BitSet numbers(TraceFile trace, int rank) {
        BitSet numbers = new BitSet();
        numbers.set(0);
        RankTrace own = trace.rank(rank);
        if (own != null && own.eventCount() > 0) return ofEvents(own, numbers);
        return trace.global() == null ? numbers : ofNodes(trace.global().nodes(), rank, numbers);
    }

    private static BitSet ofEvents(RankTrace rank, BitSet numbers) {
        numbers.set(0);
        for (int i = 0; i < rank.eventCount(); i++) numbers.set(Event.thread(rank.words(), RankTrace.base(i)));
        return numbers;
    }

    private static BitSet ofNodes(List<GlobalNode> nodes, int rank, BitSet numbers) {
        numbers.set(0);
        for (GlobalNode g : nodes) {
            if (rank >= 0 && !g.ranks().contains(rank)) continue;
            if (g instanceof GlobalEvent e) numbers.set(e.thread());
            else ofNodes(((GlobalLoop) g).body(), rank, numbers);
        }
        return numbers;
    }
}
