package org.mpjtrace.cli.phases;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Phase detection on one rank (the paper's sections 3.2-3.4): its calls as pattern occurrences, the
 * segmentation tree of that sequence, and the phases at threshold t.
 *
 * @param threshold the t the phases were cut at
 * @param chosen    whether t was chosen here ({@link #defaultThreshold}) rather than given
 */
public record PhaseDetection(RankCalls calls, PatternSequence patterns, SegmentTree tree, int threshold, boolean chosen,
                             List<Phase> phases) {

    /**
     * @param threshold t, or null to choose it from the tree
     * @throws IllegalArgumentException when the rank has no calls or t is above the tree's height
     */
    public static PhaseDetection of(RankCalls calls, Integer threshold, double minStrength) {
        return of(calls, threshold, minStrength, new PatternIds());
    }

    /** As {@link #of(RankCalls, Integer, double)}, the pattern ids taken from {@code ids}, shared with other ranks. */
    public static PhaseDetection of(RankCalls calls, Integer threshold, double minStrength, PatternIds ids) {
        if (calls.size() == 0) throw new IllegalArgumentException("rank " + calls.rank() + " made no MPJ calls");
        PatternSequence patterns = PatternFinder.find(calls, ids);
        SegmentTree tree = Segmenter.segment(patterns, minStrength);
        if (threshold != null && (threshold < 0 || threshold > tree.height()))
            throw new IllegalArgumentException("threshold " + threshold + " is outside the tree's levels 0.." + tree.height());
        int t = threshold != null ? threshold : defaultThreshold(tree);
        List<Phase> phases = new ArrayList<>();
        for (Segment s : tree.cutAt(t)) phases.add(phase(phases.size(), s, calls, patterns));
        return new PhaseDetection(calls, patterns, tree, t, threshold == null, List.copyOf(phases));
    }

    /**
     * The threshold used when none is given. The paper leaves t to the analyst; we take the level whose cut
     * has the greatest total strength: the smallest t that maximises the sum of s (eq. 11) over the cuts
     * above level t, the cuts that make the phases at t. Why: s is a cut's evidence beyond the BIC
     * threshold, positive exactly when the data support it; a level adds to the total only when its cuts
     * are, on the whole, supported. With the paper's criterion (--min-strength 0) every cut in the tree has
     * s above 0, so this is the tree's height: every leaf, every change the data support, is a phase. A
     * negative --min-strength grows the tree with cuts weaker than BIC, to look at; the default t then
     * stops above the levels whose cuts weaken the total. (The alternative of the single level with the
     * largest summed strength favours the root, whose long segment gives any cut a large s: on
     * ShiftingLoops it merged two different time loops into one phase.)
     */
    public static int defaultThreshold(SegmentTree tree) {
        double[] atDepth = new double[tree.height() + 1];
        for (Segment s : tree.nodes()) if (s.isCut()) atDepth[s.depth()] += s.strength();
        int best = 0;
        double total = 0, bestTotal = 0;
        for (int t = 1; t <= tree.height(); t++) {
            total += atDepth[t - 1];
            if (total > bestTotal) {
                bestTotal = total;
                best = t;
            }
        }
        return best;
    }

    private static Phase phase(int index, Segment s, RankCalls calls, PatternSequence patterns) {
        int first = patterns.firstCall(s.start()), last = patterns.lastCall(s.end());
        Map<Integer, Integer> perFunction = new LinkedHashMap<>();
        long[] times = new long[2];
        calls.sum(first, last, perFunction, times);
        List<Phase.FunctionCalls> functions = new ArrayList<>();
        perFunction.forEach((f, n) -> functions.add(new Phase.FunctionCalls(calls.functionNames().get(f), n)));
        // Most calls first; of equal counts, the function called first in the phase (the map's order; sort is stable).
        functions.sort(Comparator.comparingInt(Phase.FunctionCalls::calls).reversed());
        return new Phase(index, s, first, last, patterns.patternsIn(s.start(), s.end()), List.copyOf(functions), times[0], times[1]);
    }
}
