package org.mpjtrace.trace.global;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.fold.ValuePeriod;
import org.mpjtrace.trace.fold.ValueSeq;

/**
 * Fits the loop counts of one rank's expansion of a clustered trace to the rank's own calls per stack
 * signature (its section's call counts). A cluster's members share their lead's loop structure (the
 * clustering Call-Path leaves loop counts out) but may run a loop a different number of times, as a
 * master's workers run the task loop once per task they happened to get; replaying the lead's count
 * would leave the master's messages unpaired.
 *
 * <p>The expansion's calls per stack are compared with the rank's own; where they differ, a loop is
 * refitted when it explains the difference alone: it is run once in the rank's expansion, its body holds
 * no loop, every stack whose count differs is in its body, and one change of its count makes every stack
 * of its body right. Loops are tried in trace order, each taking the differences it explains; what no
 * loop explains keeps the lead's counts.
 */
public final class LoopFit {

    private LoopFit() {}

    /**
     * @param own the rank's calls per stack signature where they differ from its expansion (a stack it
     *            does not name is taken as the expansion makes it; see StackSummaryPruning)
     * @return the loops to run another number of times, with that number; empty when the counts agree
     */
    public static Map<GlobalLoop, Long> fit(GlobalTrace trace, int rank, Map<Long, Long> own) {
        Walk walk = new Walk(rank, Long.MAX_VALUE);
        walk.nodes(trace.nodes());
        Map<Long, Long> difference = new HashMap<>();
        for (Map.Entry<Long, Long> e : own.entrySet()) difference.put(e.getKey(), e.getValue() - walk.calls.getOrDefault(e.getKey(), 0L));
        difference.values().removeIf(d -> d == 0);

        Map<GlobalLoop, Long> fitted = new IdentityHashMap<>();
        for (GlobalLoop loop : walk.order) {
            if (difference.isEmpty()) break;
            long[] v = walk.visits.get(loop);
            Map<Long, Long> perIteration = walk.bodies.get(loop).calls();
            if (v[0] != 1 || perIteration.isEmpty()) continue;
            Long change = commonChange(perIteration, difference);
            if (change == null || change == 0 || v[1] + change < 0) continue;
            fitted.put(loop, v[1] + change);
            for (Long stack : perIteration.keySet()) difference.remove(stack);
        }
        return fitted;
    }

    /**
     * Per stack, the rank's calls as its expansion makes them and the compute time a replay sleeps before
     * them (each call its histogram's mean), in nanoseconds.
     */
    public record Expanded(Map<Long, Long> calls, Map<Long, Double> computeNanos) {}

    /** What the rank's expansion of {@code trace} calls, and computes before those calls, per stack. */
    public static Expanded expanded(GlobalTrace trace, int rank) {
        return expandedWithin(trace, rank, Long.MAX_VALUE); // no walk visits 2^63 nodes: never null
    }

    /**
     * As {@link #expanded}, or null when the walk would visit more than {@code maxVisits} nodes: a reader
     * that only summarises a file (which may be anyone's) bounds its work, where a trace's loops whose inner
     * counts vary are walked iteration by iteration.
     */
    public static Expanded expandedWithin(GlobalTrace trace, int rank, long maxVisits) {
        Walk walk = new Walk(rank, maxVisits);
        try {
            walk.nodes(trace.nodes());
        } catch (OverBudget e) {
            return null;
        }
        return new Expanded(walk.calls, walk.compute);
    }

    /** Ends a walk past its budget; thrown and caught in {@link #expandedWithin} only. */
    private static final class OverBudget extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OverBudget() {
            super(null, null, false, false);
        }
    }

    /**
     * The rank's calls per stack as its expansion makes them (and their mean compute times, summed), and
     * each loop's visits and last recorded count, without expanding: loop counts are taken as
     * {@link GlobalExpansion} takes them (one cursor per loop, a value per visit); an innermost loop adds
     * its body's calls times its count at once, and so does a loop whose inner loops all run a constant
     * number of times for the rank (one iteration walked, then kept), so that fitting costs next to nothing
     * before the replay starts and rank 0's walk of every rank at Finalize grows with the trace, not with
     * the run: Stencil2D's 10,000 steps (1,000 x 10 x inner loops) are a few dozen visits a rank.
     */
    private static final class Walk {
        final int rank;
        final Map<Long, Long> calls = new HashMap<>();
        final Map<Long, Double> compute = new HashMap<>();
        final Map<GlobalLoop, long[]> visits; // loop -> {visits, last recorded count}
        final List<GlobalLoop> order;
        /** An innermost loop's body for the rank, one iteration; {@link Body#NONE} for a loop that holds one. */
        final Map<GlobalLoop, Body> bodies;
        private final Map<GlobalLoop, ValueSeq.Cursor> counts;
        /** Per loop whose inner loops all run a constant number of times for the rank: one iteration's walk. */
        private final Map<GlobalLoop, Walk> iterations;
        /** Whether each loop's inner loops, at any depth, run a constant number of times for the rank. */
        private final Map<GlobalLoop, Boolean> constantInside;
        /** Visits of each loop in this walk (an iteration's walk counts its own). */
        private final Map<GlobalLoop, Long> visitsHere = new IdentityHashMap<>();
        /** Nodes this walk and its iterations' walks may still visit. */
        private final long[] budget;

        Walk(int rank, long maxVisits) {
            this.rank = rank;
            this.budget = new long[] {maxVisits};
            this.visits = new IdentityHashMap<>();
            this.order = new ArrayList<>();
            this.bodies = new IdentityHashMap<>();
            this.counts = new IdentityHashMap<>();
            this.iterations = new IdentityHashMap<>();
            this.constantInside = new IdentityHashMap<>();
        }

        /** A walk of one iteration of a loop body, sharing the loops' state with {@code outer}, counting calls of its own. */
        private Walk(Walk outer) {
            this.rank = outer.rank;
            this.visits = outer.visits;
            this.order = outer.order;
            this.bodies = outer.bodies;
            this.counts = outer.counts;
            this.iterations = outer.iterations;
            this.constantInside = outer.constantInside;
            this.budget = outer.budget;
        }

        void nodes(List<GlobalNode> nodes) {
            for (GlobalNode n : nodes) {
                if (--budget[0] < 0) throw new OverBudget();
                if (!n.ranks().contains(rank)) continue;
                if (n instanceof GlobalEvent e) {
                    long key = StackSummary.key(e.stack(), e.thread());
                    calls.merge(key, 1L, Long::sum);
                    compute.merge(key, e.compute().mean(), Double::sum);
                    continue;
                }
                GlobalLoop loop = (GlobalLoop) n;
                long count = counts.computeIfAbsent(loop, this::countsOf).next();
                long[] v = visits.get(loop);
                if (v == null) {
                    visits.put(loop, v = new long[2]);
                    order.add(loop);
                    bodies.put(loop, innermostBody(loop, rank));
                }
                v[0]++;
                v[1] = count;
                visitsHere.merge(loop, 1L, Long::sum);
                Body body = bodies.get(loop);
                if (!body.calls().isEmpty()) {
                    for (Map.Entry<Long, Long> e : body.calls().entrySet()) calls.merge(e.getKey(), e.getValue() * count, Long::sum);
                    for (Map.Entry<Long, Double> e : body.compute().entrySet()) compute.merge(e.getKey(), e.getValue() * count, Double::sum);
                } else if (count > 0 && constantInside(loop)) {
                    addIterations(loop, count);
                } else {
                    for (long i = 0; i < count; i++) nodes(loop.body());
                }
            }
        }

        /**
         * Adds {@code count} iterations of a loop whose inner loops run a constant number of times: the
         * first time the loop is visited its iteration is walked once (its inner loops' cursors then give
         * the same values ever after), and every visit adds that iteration's calls, compute and inner loop
         * visits times the count.
         */
        private void addIterations(GlobalLoop loop, long count) {
            Walk once = iterations.get(loop);
            long more = count; // iterations whose inner loop visits are not in the loops' state yet
            if (once == null) {
                once = new Walk(this);
                once.nodes(loop.body()); // counts the first iteration's visits of the inner loops
                iterations.put(loop, once);
                more--;
            }
            for (Map.Entry<Long, Long> e : once.calls.entrySet()) calls.merge(e.getKey(), e.getValue() * count, Long::sum);
            for (Map.Entry<Long, Double> e : once.compute.entrySet()) compute.merge(e.getKey(), e.getValue() * count, Double::sum);
            for (Map.Entry<GlobalLoop, Long> e : once.visitsHere.entrySet()) {
                visits.get(e.getKey())[0] += e.getValue() * more;
                visitsHere.merge(e.getKey(), e.getValue() * count, Long::sum);
            }
        }

        /** Whether every loop inside {@code loop}'s body the rank runs, at any depth, has one count for the rank throughout. */
        private boolean constantInside(GlobalLoop loop) {
            Boolean known = constantInside.get(loop);
            if (known != null) return known;
            boolean constant = true;
            for (GlobalNode n : loop.body()) {
                if (!(n instanceof GlobalLoop inner) || !n.ranks().contains(rank)) continue;
                ValueSeq v = inner.counts().valueFor(rank);
                if (v == null || !ValuePeriod.constant(v) || !constantInside(inner)) {
                    constant = false;
                    break;
                }
            }
            constantInside.put(loop, constant);
            return constant;
        }

        private ValueSeq.Cursor countsOf(GlobalLoop loop) {
            ValueSeq v = loop.counts().valueFor(rank);
            if (v == null) throw new IllegalStateException("the trace has no loop count for rank " + rank + " where it runs");
            return v.cursor();
        }
    }

    /** One iteration of an innermost loop's body for the rank: calls and compute (histogram means) per stack. */
    private record Body(Map<Long, Long> calls, Map<Long, Double> compute) {
        /** A body the walk cannot add up at once: it holds a loop the rank runs, or no call of the rank. */
        static final Body NONE = new Body(Map.of(), Map.of());
    }

    /** The body of an innermost loop for the rank, or {@link Body#NONE} when it holds a loop the rank runs or no call of it. */
    private static Body innermostBody(GlobalLoop loop, int rank) {
        Map<Long, Long> calls = new HashMap<>();
        Map<Long, Double> compute = new HashMap<>();
        for (GlobalNode n : loop.body()) {
            if (!n.ranks().contains(rank)) continue;
            if (!(n instanceof GlobalEvent e)) return Body.NONE;
            long key = StackSummary.key(e.stack(), e.thread());
            calls.merge(key, 1L, Long::sum);
            compute.merge(key, e.compute().mean(), Double::sum);
        }
        return calls.isEmpty() ? Body.NONE : new Body(calls, compute);
    }

    /**
     * The change of iterations that makes every stack of the body right, when one does: each stack's
     * difference is that change times its calls per iteration. Null when none does.
     */
    private static Long commonChange(Map<Long, Long> perIteration, Map<Long, Long> difference) {
        Long change = null;
        for (Map.Entry<Long, Long> e : perIteration.entrySet()) {
            long d = difference.getOrDefault(e.getKey(), 0L);
            if (d % e.getValue() != 0) return null;
            long c = d / e.getValue();
            if (change != null && change != c) return null;
            change = c;
        }
        return change;
    }
}
