package org.mpjtrace.trace.fold;

import java.util.List;

/**
 * A folded value sequence ({@link ValueSeq#elements()}) read at any index without expanding it: the
 * columns of a rank's symbol tables ({@link FoldedInfos}), where a program that makes a
 * communicator every step has thousands of rows and a few elements. Immutable.
 *
 * <p>A lookup binary-searches the top-level elements by their first index, then walks into a repetition
 * by the remainder of its body's length: O(log elements + depth x body). The least and greatest values
 * come from each run's ends, so a reader can check a column's range without visiting its rows.
 */
public final class IndexedValues {
    private final List<ValueSeq.Elem> elements;
    /** The index of each top-level element's first value, then the total. */
    private final long[] starts;
    private final long min;
    private final long max;

    /**
     * @throws ArithmeticException when the values counted through the repetitions, or a run's last value,
     *         overflow a long (a damaged file's); a reader turns it into its own error
     */
    public IndexedValues(List<ValueSeq.Elem> elements) {
        this.elements = List.copyOf(elements);
        this.starts = new long[this.elements.size() + 1];
        long[] range = {Long.MAX_VALUE, Long.MIN_VALUE};
        for (int i = 0; i < this.elements.size(); i++) {
            ValueSeq.Elem e = this.elements.get(i);
            starts[i + 1] = Math.addExact(starts[i], count(e));
            widen(e, range);
        }
        this.min = range[0];
        this.max = range[1];
    }

    /** The values of a sequence built by appending. */
    public static IndexedValues of(ValueSeq seq) {
        return new IndexedValues(seq.elements());
    }

    /** Number of values. */
    public long size() {
        return starts[starts.length - 1];
    }

    /** The least value; {@link Long#MAX_VALUE} for none. */
    public long min() {
        return min;
    }

    /** The greatest value; {@link Long#MIN_VALUE} for none. */
    public long max() {
        return max;
    }

    /** The folded elements, to write. */
    public List<ValueSeq.Elem> elements() {
        return elements;
    }

    /** The value at {@code index}, from 0. */
    public long get(long index) {
        if (index < 0 || index >= size()) throw new IndexOutOfBoundsException("value " + index + " of " + size());
        int lo = 0, hi = elements.size() - 1;
        while (lo < hi) { // the last element whose start is at most index
            int mid = (lo + hi + 1) >>> 1;
            if (starts[mid] <= index) lo = mid;
            else hi = mid - 1;
        }
        return valueIn(elements.get(lo), index - starts[lo]);
    }

    private static long valueIn(ValueSeq.Elem e, long index) {
        while (true) {
            if (e instanceof ValueSeq.Run r) return r.start() + r.stride() * index;
            ValueSeq.Rep rep = (ValueSeq.Rep) e;
            long body = 0;
            for (ValueSeq.Elem inner : rep.body()) body += count(inner);
            index %= body;
            for (ValueSeq.Elem inner : rep.body()) {
                long n = count(inner);
                if (index < n) {
                    e = inner;
                    break;
                }
                index -= n;
            }
        }
    }

    private static long count(ValueSeq.Elem e) {
        if (e instanceof ValueSeq.Run r) return r.length();
        ValueSeq.Rep rep = (ValueSeq.Rep) e;
        long body = 0;
        for (ValueSeq.Elem inner : rep.body()) body = Math.addExact(body, count(inner));
        return Math.multiplyExact(rep.count(), body);
    }

    private static void widen(ValueSeq.Elem e, long[] range) {
        if (e instanceof ValueSeq.Run r) {
            long last = Math.addExact(r.start(), Math.multiplyExact(r.stride(), r.length() - 1));
            range[0] = Math.min(range[0], Math.min(r.start(), last));
            range[1] = Math.max(range[1], Math.max(r.start(), last));
        } else {
            for (ValueSeq.Elem inner : ((ValueSeq.Rep) e).body()) widen(inner, range);
        }
    }
}
