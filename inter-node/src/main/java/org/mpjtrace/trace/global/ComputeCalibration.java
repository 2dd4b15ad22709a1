package org.mpjtrace.trace.global;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.StackSummary;

/**
 * Rank 0, writing a clustered trace at Finalize: makes the compute histograms stand for every rank, not
 * only for the leads that recorded them. A lead's compute times are one rank's; its members replay them
 * as their own. When the lead is not typical of its cluster (rank 0, say, printing a result the others
 * do not) every member replays what only the lead did, where a full trace's histograms hold the mean over
 * all ranks. Every rank keeps its compute time per stack signature whether or not it traces
 * ({@link StackSummary#computeNanos()}); per stack, the histograms are scaled by the ranks' own compute
 * time over what their replays of the trace would sleep there, so that over all ranks the two agree.
 *
 * <p>One factor per stack over the whole run: a stack whose compute changes from phase to phase keeps its
 * leads' phase-to-phase shape, and clusters whose leads are typical get a factor near 1.
 */
public final class ComputeCalibration {
    private final GlobalTrace trace;
    /** Per stack: the ranks' own compute nanoseconds and what their replays would sleep, summed. */
    private final Map<Long, double[]> byStack = new HashMap<>();

    public ComputeCalibration(GlobalTrace trace) {
        this.trace = trace;
    }

    /**
     * Adds a rank's own compute per stack (its unpruned section) and what its replay of the trace sleeps there.
     *
     * @param expanded the rank's expansion of the trace per stack ({@link LoopFit#expanded})
     */
    public void add(RankTrace section, LoopFit.Expanded expanded) {
        if (section.stackSummaries().isEmpty()) return;
        for (StackSummary s : section.stackSummaries()) {
            long calls = expanded.calls().getOrDefault(s.stack(), 0L);
            if (calls == 0) continue; // the rank's replay makes no call there: nothing to scale for it
            // The replay runs the rank's own number of calls (LoopFit), each sleeping about the expansion's mean.
            double replayed = s.calls() * expanded.computeNanos().get(s.stack()) / calls;
            double[] sums = byStack.computeIfAbsent(s.stack(), k -> new double[2]);
            sums[0] += s.computeNanos();
            sums[1] += replayed;
        }
    }

    /** The trace with each stack's compute histograms scaled by its factor; stacks no rank added keep theirs. */
    public GlobalTrace calibrated() {
        return new GlobalTrace(scaled(trace.nodes()), trace.ranks(), trace.mergeNanos());
    }

    /** The factor of a stack: the ranks' own compute there over what their replays would sleep; 1 when unknown. */
    double factor(long stack) {
        double[] sums = byStack.get(stack);
        if (sums == null || !(sums[1] > 0)) return 1;
        double f = sums[0] / sums[1];
        return Double.isFinite(f) ? f : 1;
    }

    private List<GlobalNode> scaled(List<GlobalNode> nodes) {
        List<GlobalNode> out = new ArrayList<>(nodes.size());
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalLoop l) {
                out.add(new GlobalLoop(scaled(l.body()), l.counts(), l.ranks()));
            } else {
                GlobalEvent e = (GlobalEvent) n;
                double f = factor(StackSummary.key(e.stack(), e.thread()));
                out.add(f == 1 ? e : new GlobalEvent(e.op(), e.thread(), e.site(), e.stack(), e.ranks(), e.fields(), e.compute().scaled(f), e.inside()));
            }
        }
        return out;
    }
}
