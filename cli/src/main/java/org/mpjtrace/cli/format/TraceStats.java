package org.mpjtrace.cli.format;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * The figures of the stats report, computed in one pass over every rank's calls: per rank and op, per op, per
 * thread. A compressed trace's calls are rebuilt from its loops ({@link TimedCalls}), with their call sites'
 * mean times where it kept no times of each call, as the profile takes them.
 */
public final class TraceStats {
    private final Map<Integer, EnumMap<Op, OpTotals>> perRank = new LinkedHashMap<>();
    private final EnumMap<Op, OpTotals> perOp = new EnumMap<>(Op.class);
    private final OpTotals total = new OpTotals();
    /** Per rank, per thread number (in order). */
    private final Map<Integer, Map<Integer, OpTotals>> perThread = new LinkedHashMap<>();

    public TraceStats(TraceFile trace) {
        for (RankTrace r : trace.ranks()) {
            EnumMap<Op, OpTotals> ops = new EnumMap<>(Op.class);
            Map<Integer, OpTotals> threads = new TreeMap<>();
            PersistentStarts starts = new PersistentStarts(trace, r, false);
            TimedCalls.forEach(trace, r, false, (calls, b) -> {
                long[] w = calls.words();
                Op op = Op.ofCode(Event.opCode(w, b));
                if (op == null) return; // the reader rejects unknown codes; nothing to count here
                long bytes = starts.bytes(calls, b), nanos = Event.exit(w, b) - Event.enter(w, b);
                ops.computeIfAbsent(op, o -> new OpTotals()).add(bytes, nanos);
                threads.computeIfAbsent(Event.thread(w, b), t -> new OpTotals()).add(bytes, nanos);
            });
            perRank.put(r.rank(), ops);
            perThread.put(r.rank(), threads);
            ops.forEach((op, t) -> {
                perOp.computeIfAbsent(op, o -> new OpTotals()).add(t);
                total.add(t);
            });
        }
    }

    /** Ranks in file order (ascending). */
    public List<Integer> ranks() {
        return new ArrayList<>(perRank.keySet());
    }

    /** One rank's ops, most time first (ties in op order), as mpiP ranks its calls. */
    public List<Map.Entry<Op, OpTotals>> ofRank(int rank) {
        return byTime(perRank.getOrDefault(rank, new EnumMap<>(Op.class)));
    }

    /** All ranks' ops summed, most time first. */
    public List<Map.Entry<Op, OpTotals>> perOp() {
        return byTime(perOp);
    }

    /** One rank's calls per thread number, in thread order. */
    public Map<Integer, OpTotals> threadsOf(int rank) {
        return perThread.getOrDefault(rank, Map.of());
    }

    /** Whether any rank's events come from more than one thread. */
    public boolean threaded() {
        for (Map<Integer, OpTotals> t : perThread.values()) if (t.size() > 1) return true;
        return false;
    }

    public OpTotals total() {
        return total;
    }

    /** Total time in MPJ on one rank. */
    public long rankNanos(int rank) {
        long sum = 0;
        for (OpTotals t : perRank.getOrDefault(rank, new EnumMap<>(Op.class)).values()) sum += t.nanos();
        return sum;
    }

    private static List<Map.Entry<Op, OpTotals>> byTime(EnumMap<Op, OpTotals> ops) {
        List<Map.Entry<Op, OpTotals>> list = new ArrayList<>(ops.entrySet());
        // EnumMap iterates in op order and the sort is stable, so equal times stay in op order.
        list.sort(Comparator.comparingLong((Map.Entry<Op, OpTotals> e) -> e.getValue().nanos()).reversed());
        return list;
    }
}
