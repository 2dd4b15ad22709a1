package org.mpjtrace.cli.fuzz;

import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.global.GlobalExpansion;

/**
 * How many calls the commands that rebuild ranks from a compressed trace would make, counted up to a
 * budget: a mutant whose loop counts grew into the millions is a valid trace of a longer run, whose
 * expansion costs time in proportion, not a fault to find.
 */
final class Expansions {
    /** Thrown by the counting sink to stop at the budget; caught only here. */
    private static final class OverBudget extends RuntimeException {
        OverBudget() {
            super(null, null, false, false);
        }
    }

    private Expansions() {}

    /** Whether every rank with a section expands to at most {@code budget} calls (true without a global trace). */
    static boolean within(TraceFile trace, long budget) {
        if (trace.global() == null) return true;
        for (RankTrace r : trace.ranks()) {
            long[] calls = {0};
            try {
                GlobalExpansion.expand(trace.global(), r.rank(), (event, values) -> {
                    if (++calls[0] > budget) throw new OverBudget();
                });
            } catch (OverBudget e) {
                return false;
            }
        }
        return true;
    }
}
