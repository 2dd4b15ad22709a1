package org.mpjtrace.trace.global;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.TraceFile;

/**
 * The calls a compressed trace stands for, per stack signature, as the ranks made them. In mode full the
 * events' histograms count every rank's calls. In a clustered trace they count the leads' calls times
 * their clusters' sizes, which is wrong for a member that ran a loop another number of times (a master's
 * workers: MasterWorker's trace said 2,012 calls where its dump holds 1,982). A member's own count at a
 * stack is in its section wherever it differs from what its expansion makes ({@link StackSummaryPruning}
 * keeps exactly those), so a rank's calls at a stack are its section's where it keeps one, else its
 * expansion's ({@link LoopFit#expanded}, which counts loops without expanding them).
 */
public final class OwnCallCounts {
    /**
     * Loop and event nodes the walks of all ranks may visit, shared out among them: a few seconds' work. Past
     * it (a file whose inner loops vary through billions of iterations) the histograms' counts are given.
     */
    static final long MAX_VISITS = 20_000_000;

    private OwnCallCounts() {}

    /** Calls per stack signature over all ranks: the histograms' in mode full, the ranks' own in a clustered trace. */
    public static Map<Long, Long> perStack(TraceFile trace) {
        Map<Long, Long> calls = new HashMap<>();
        GlobalTrace global = trace.global();
        if (global == null) return calls;
        if (trace.markers() == null) {
            countHistograms(global.nodes(), calls);
            return calls;
        }
        int[] ranks = global.ranks().toArray();
        long budget = Math.max(100_000, MAX_VISITS / Math.max(1, ranks.length));
        try {
            for (int rank : ranks) {
                LoopFit.Expanded expanded = LoopFit.expandedWithin(global, rank, budget);
                if (expanded == null) throw new IllegalStateException("too many loop iterations to count");
                Map<Long, Long> mine = new HashMap<>(expanded.calls());
                RankTrace section = trace.rank(rank);
                if (section != null) for (StackSummary s : section.stackSummaries()) mine.put(s.stack(), s.calls());
                for (Map.Entry<Long, Long> e : mine.entrySet()) calls.merge(e.getKey(), e.getValue(), Long::sum);
            }
        } catch (RuntimeException e) {
            // Past the budget, or a trace whose loops give some rank no count (not one we write): what its histograms say.
            calls.clear();
            countHistograms(global.nodes(), calls);
            return calls;
        }
        calls.values().removeIf(n -> n == 0);
        return calls;
    }

    /** Every call the trace stands for, over all ranks. */
    public static long total(TraceFile trace) {
        if (trace.global() == null) return 0;
        if (trace.markers() == null) return trace.global().calls();
        long n = 0;
        for (long c : perStack(trace).values()) n += c;
        return n;
    }

    private static void countHistograms(List<GlobalNode> nodes, Map<Long, Long> calls) {
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalEvent e) calls.merge(StackSummary.key(e.stack(), e.thread()), e.inside().count(), Long::sum);
            else countHistograms(((GlobalLoop) n).body(), calls);
        }
    }
}
