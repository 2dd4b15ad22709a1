package org.mpjtrace.trace.global;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

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
     * @param own the rank's calls per stack signature
     * @return the loops to run another number of times, with that number; empty when the counts agree
     */
    public static Map<GlobalLoop, Long> fit(GlobalTrace trace, int rank, Map<Long, Long> own) {
        Map<Long, Long> expanded = new HashMap<>();
        Map<GlobalLoop, long[]> visits = new IdentityHashMap<>(); // loop -> {visits, last recorded count}
        List<GlobalLoop> order = new ArrayList<>();
        GlobalExpansion.expand(trace, rank, (loop, recorded) -> {
            long[] v = visits.get(loop);
            if (v == null) {
                visits.put(loop, v = new long[2]);
                order.add(loop);
            }
            v[0]++;
            v[1] = recorded;
            return recorded;
        }, (event, values) -> expanded.merge(event.stack(), 1L, Long::sum));

        Map<Long, Long> difference = new HashMap<>();
        for (Map.Entry<Long, Long> e : own.entrySet()) difference.put(e.getKey(), e.getValue() - expanded.getOrDefault(e.getKey(), 0L));
        for (Map.Entry<Long, Long> e : expanded.entrySet()) difference.putIfAbsent(e.getKey(), -e.getValue());
        difference.values().removeIf(d -> d == 0);

        Map<GlobalLoop, Long> fitted = new IdentityHashMap<>();
        for (GlobalLoop loop : order) {
            if (difference.isEmpty()) break;
            long[] v = visits.get(loop);
            Map<Long, Long> perIteration = innermostBody(loop, rank);
            if (v[0] != 1 || perIteration == null) continue;
            Long change = commonChange(perIteration, difference);
            if (change == null || change == 0 || v[1] + change < 0) continue;
            fitted.put(loop, v[1] + change);
            for (Long stack : perIteration.keySet()) difference.remove(stack);
        }
        return fitted;
    }

    /** The body's calls per stack for the rank, or null when the body holds a loop the rank runs. */
    private static Map<Long, Long> innermostBody(GlobalLoop loop, int rank) {
        Map<Long, Long> calls = new HashMap<>();
        for (GlobalNode n : loop.body()) {
            if (!n.ranks().contains(rank)) continue;
            if (!(n instanceof GlobalEvent e)) return null;
            calls.merge(e.stack(), 1L, Long::sum);
        }
        return calls.isEmpty() ? null : calls;
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
