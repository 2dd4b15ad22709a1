package org.mpjtrace.trace.fold;

import java.util.List;
import org.mpjtrace.trace.fold.ValueSeq.Elem;
import org.mpjtrace.trace.fold.ValueSeq.Rep;
import org.mpjtrace.trace.fold.ValueSeq.Run;

/**
 * How a value sequence repeats, read from its folded form without walking its values: what lets a reader
 * of a loop take one iteration for all (phase detection, {@code GlobalExpansion.expandRepeats}) when each
 * iteration reads the same values.
 */
public final class ValuePeriod {
    private ValuePeriod() {}

    /** Whether every value is the same one (true for no values). */
    public static boolean constant(ValueSeq values) {
        return allEqual(values.elements(), new long[1], new boolean[1]);
    }

    /**
     * A period of the values: a p such that the values are their first p repeated over and over; 1 when
     * they are all the same, the whole size when no repetition covers the sequence, 0 for none. Not always
     * the smallest: {@code [3*[1 2 1 2]]} gives 4.
     */
    public static long of(ValueSeq values) {
        if (values.size() == 0) return 0;
        if (constant(values)) return 1;
        return period(values.elements());
    }

    private static long period(List<Elem> list) {
        if (list.size() == 1 && list.get(0) instanceof Rep rep)
            return allEqual(rep.body(), new long[1], new boolean[1]) ? 1 : period(rep.body());
        return count(list);
    }

    private static long count(List<Elem> list) {
        long n = 0;
        for (Elem e : list) n += e instanceof Run r ? r.length() : ((Rep) e).count() * count(((Rep) e).body());
        return n;
    }

    private static boolean allEqual(List<Elem> list, long[] first, boolean[] seen) {
        for (Elem e : list) {
            if (e instanceof Run r) {
                if (r.length() == 0) continue;
                if (r.length() > 1 && r.stride() != 0) return false;
                if (seen[0] && r.start() != first[0]) return false;
                first[0] = r.start();
                seen[0] = true;
            } else {
                Rep rep = (Rep) e;
                if (rep.count() > 0 && !allEqual(rep.body(), first, seen)) return false;
            }
        }
        return true;
    }
}
