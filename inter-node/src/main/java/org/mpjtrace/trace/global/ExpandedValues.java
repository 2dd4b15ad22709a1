package org.mpjtrace.trace.global;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.RelativePeers;
import org.mpjtrace.trace.fold.ValueSeq;

/**
 * Which of a rank's own value sequences per stack the global trace already gives it, value for value, as
 * its expansion makes its calls: for a stack the trace reaches at more than one event (a master's receive
 * in and after its task loop), where the events' sequences cannot be compared with the rank's one by one.
 * The walk stops after {@code budget} calls; then nothing is known to match, and the rank keeps its values
 * (bytes, not a wrong answer).
 */
final class ExpandedValues {
    private ExpandedValues() {}

    /** Thrown out of the expansion at the budget; caught below only. */
    private static final class PastBudget extends RuntimeException {
        private static final long serialVersionUID = 1L;

        PastBudget() {
            super(null, null, false, false);
        }
    }

    /**
     * @param candidates per stack, per field, the rank's own values (stored form)
     * @return per stack, the fields whose values the expansion gives the rank, all of them and no more
     */
    static Map<Long, Set<Field>> matching(GlobalTrace global, int rank, int worldSize, Map<Long, Map<Field, ValueSeq>> candidates,
                                          long budget) {
        Map<Long, Map<Field, ValueSeq.Cursor>> cursors = new HashMap<>();
        Map<Long, Set<Field>> wrong = new HashMap<>();
        candidates.forEach((stack, fields) -> {
            Map<Field, ValueSeq.Cursor> c = new EnumMap<>(Field.class);
            fields.forEach((f, v) -> c.put(f, v.cursor()));
            cursors.put(stack, c);
            wrong.put(stack, EnumSet.noneOf(Field.class));
        });
        long[] walked = {0};
        try {
            GlobalExpansion.expand(global, rank, (e, values) -> {
                if (++walked[0] > budget) throw new PastBudget();
                long key = StackSummary.key(e.stack(), e.thread());
                Map<Field, ValueSeq.Cursor> c = cursors.get(key);
                if (c == null) return;
                c.forEach((f, cursor) -> {
                    if (!cursor.hasNext()) {
                        wrong.get(key).add(f);
                        return;
                    }
                    long own = cursor.next(), trace = values[f.ordinal()];
                    boolean relative = RelativePeers.isRelative(e.op(), f);
                    if (relative ? RelativePeers.decode(own, rank, worldSize) != RelativePeers.decode(trace, rank, worldSize) : own != trace)
                        wrong.get(key).add(f);
                });
            });
        } catch (PastBudget b) {
            return Map.of();
        }
        Map<Long, Set<Field>> right = new HashMap<>();
        cursors.forEach((stack, c) -> {
            Set<Field> ok = EnumSet.noneOf(Field.class);
            c.forEach((f, cursor) -> {
                if (!cursor.hasNext() && !wrong.get(stack).contains(f)) ok.add(f);
            });
            right.put(stack, ok);
        });
        return right;
    }
}
