package org.mpjtrace.trace.global;

import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.fold.EventNode;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.LoopNode;
import org.mpjtrace.trace.fold.TraceNode;
import org.mpjtrace.trace.fold.RelativePeers;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * The loop-compressed trace of a set of ranks (all of them, once merged): one node list in which every
 * node says which ranks execute it.
 *
 * @param mergeNanos how long the merge across ranks took at the root (0 for a rank's own trace)
 */
public record GlobalTrace(List<GlobalNode> nodes, RankSet ranks, long mergeNanos) {

    public GlobalTrace {
        nodes = List.copyOf(nodes);
    }

    public GlobalTrace(List<GlobalNode> nodes, RankSet ranks) {
        this(nodes, ranks, 0);
    }

    /** The same trace, saying how long its merge took. */
    public GlobalTrace withMergeNanos(long nanos) {
        return new GlobalTrace(nodes, ranks, nanos);
    }

    /** One rank's compressed trace, as a global trace of that rank alone. */
    public static GlobalTrace ofRank(int rank, List<TraceNode> nodes) {
        return ofRanks(RankSet.single(rank), nodes);
    }

    /**
     * A cluster lead's compressed trace standing for every rank of its cluster: each node and each
     * parameter value is attributed to all of {@code ranks}. Peers are stored relative to the rank
     * (see RelativePeers), so expanding for a member gives the lead's calls transposed to that member.
     * The timing histograms count every member's occurrences (the lead's, once per member), so
     * {@link #calls()} says how many calls the trace stands for, as in mode full.
     *
     * @throws IllegalArgumentException when {@code ranks} is empty
     */
    public static GlobalTrace ofRanks(RankSet ranks, List<TraceNode> nodes) {
        if (ranks.isEmpty()) throw new IllegalArgumentException("a trace must stand for at least one rank");
        return new GlobalTrace(convert(nodes, ranks, -1, 0), ranks);
    }

    /**
     * {@link #ofRanks} for a cluster whose members agree on their peers' absolute ranks rather than on
     * offsets from their own (a master's workers): the lead's peers are stored absolute, so every member
     * expands to the ranks the lead talked to.
     */
    public static GlobalTrace ofRanksWithAbsolutePeers(RankSet ranks, int lead, int worldSize, List<TraceNode> nodes) {
        if (ranks.isEmpty()) throw new IllegalArgumentException("a trace must stand for at least one rank");
        return new GlobalTrace(convert(nodes, ranks, lead, worldSize), ranks);
    }

    /**
     * @param absoluteFor the rank whose relative peers become absolute, or -1 to keep them relative
     * @param worldSize   COMM_WORLD's size, which the offsets count round (only with {@code absoluteFor})
     */
    private static List<GlobalNode> convert(List<TraceNode> nodes, RankSet ranks, int absoluteFor, int worldSize) {
        List<GlobalNode> out = new ArrayList<>(nodes.size());
        for (TraceNode n : nodes) {
            if (n instanceof EventNode e) {
                List<Alternatives<ValueSeq>> fields = new ArrayList<>(Field.ALL.length);
                for (Field f : Field.ALL) {
                    ValueSeq v = e.values(f);
                    if (absoluteFor >= 0 && RelativePeers.isRelative(e.op(), f)) v = RelativePeers.absolute(v, absoluteFor, worldSize);
                    fields.add(Alternatives.of(v, ranks));
                }
                int members = ranks.size();
                out.add(new GlobalEvent(e.op(), e.thread(), e.site(), e.stack(), ranks, fields,
                        members == 1 ? e.compute() : e.compute().times(members), members == 1 ? e.inside() : e.inside().times(members)));
            } else {
                LoopNode l = (LoopNode) n;
                out.add(new GlobalLoop(convert(l.body(), ranks, absoluteFor, worldSize), Alternatives.of(l.counts(), ranks), ranks));
            }
        }
        return out;
    }

    /** The calls the trace stands for, over all its ranks (every occurrence of every event). */
    public long calls() {
        return calls(nodes);
    }

    private static long calls(List<GlobalNode> nodes) {
        long n = 0;
        for (GlobalNode g : nodes) n += g instanceof GlobalEvent e ? e.inside().count() : calls(((GlobalLoop) g).body());
        return n;
    }

    /** Nodes in the whole trace. */
    public int nodeCount() {
        int n = 0;
        for (GlobalNode g : nodes) n += g.nodeCount();
        return n;
    }
}
