package org.mpjtrace.trace.fold;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;

/**
 * Whether two folded value sequences hold the same values, in time that grows with their folded forms,
 * not with their values: each side is read as segments that repeat a short block (a repetition's body,
 * a constant run), and where both sides are inside such segments and agree on one common period, the rest
 * of the shorter segment agrees too and is skipped.
 *
 * <p>Why: two sequences of the same values may be folded at another phase ({@code [-4 4 -1 1]} repeated,
 * against {@code -4}, then {@code [4 -1 1 -4]} repeated, then {@code 4 -1 1}: a rank's own peers kept block
 * by block against the trace's), so comparing their elements fails, and comparing value by value took rank
 * 0 the run's length for every rank at Finalize. Stencil2D's 40,000 peers of a rank over 10,000 steps are
 * now three segments a side and a few dozen values compared.
 */
public final class PeriodicEquality {
    /** Longest block a segment expands (a repetition's body in values, or the least common period of two). */
    private static final int MAX_BLOCK = 4096;

    private PeriodicEquality() {}

    /**
     * Whether {@code a} and {@code b} hold the same values once each is mapped by {@code decode} (as the
     * records hold them); null when that cannot be told within {@code budget} values compared, or a
     * repetition's body is longer than {@value #MAX_BLOCK} values, or an arithmetic run longer than that.
     */
    public static Boolean same(ValueSeq a, ValueSeq b, LongUnaryOperator decode, long budget) {
        if (a.size() != b.size()) return false;
        List<Segment> x = segments(a.elements()), y = segments(b.elements());
        if (x == null || y == null) return null;
        Side p = new Side(x), q = new Side(y);
        long compared = 0;
        while (!p.done()) {
            int block = p.inSegment() && q.inSegment() ? commonPeriod(p.period(), q.period()) : 0;
            if (block > 0 && p.left() >= block && q.left() >= block) {
                long rest = Math.min(p.left(), q.left()) - block; // in both segments after this block
                for (int i = 0; i < block; i++) if (decode.applyAsLong(p.next()) != decode.applyAsLong(q.next())) return false;
                compared += block;
                // Both repeat with a period dividing the block, and this block agreed: so does the rest of both.
                p.skip(rest);
                q.skip(rest);
            } else {
                if (decode.applyAsLong(p.next()) != decode.applyAsLong(q.next())) return false;
                compared++;
            }
            if (compared > budget) return null;
        }
        return true;
    }

    /** A block of values repeated {@code times} times. */
    private record Segment(long[] block, long times) {
        long size() {
            return block.length * times;
        }
    }

    /** The top-level elements as segments; null when one cannot be one (see {@link #same}). */
    private static List<Segment> segments(List<ValueSeq.Elem> elements) {
        List<Segment> out = new ArrayList<>(elements.size());
        for (ValueSeq.Elem e : elements) {
            if (e instanceof ValueSeq.Run r) {
                if (r.length() == 0) continue;
                if (r.length() == 1 || r.stride() == 0) {
                    out.add(new Segment(new long[] {r.start()}, r.length()));
                } else {
                    if (r.length() > MAX_BLOCK) return null;
                    out.add(new Segment(expand(List.of(r)), 1));
                }
            } else {
                ValueSeq.Rep rep = (ValueSeq.Rep) e;
                long[] body = expand(rep.body());
                if (body == null) return null;
                out.add(new Segment(body, rep.count()));
            }
        }
        return out;
    }

    /** The values of {@code elements}, or null when there are more than {@value #MAX_BLOCK}. */
    private static long[] expand(List<ValueSeq.Elem> elements) {
        ValueSeq s = ValueSeq.ofElements(elements);
        if (s.size() > MAX_BLOCK) return null;
        long[] v = new long[(int) s.size()];
        ValueSeq.Cursor c = s.cursor();
        for (int i = 0; i < v.length; i++) v[i] = c.next();
        return v;
    }

    /** The least common multiple of two periods, 0 when it is longer than {@value #MAX_BLOCK}. */
    private static int commonPeriod(int p, int q) {
        long lcm = (long) p / gcd(p, q) * q;
        return lcm > MAX_BLOCK ? 0 : (int) lcm;
    }

    private static int gcd(int a, int b) {
        while (b != 0) {
            int t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    /** A reading position in one side's segments. */
    private static final class Side {
        private final List<Segment> segments;
        private int segment;
        /** Values of the current segment already read. */
        private long offset;

        Side(List<Segment> segments) {
            this.segments = segments;
            settle();
        }

        boolean done() {
            return segment == segments.size();
        }

        /** Whether the position is inside a segment that repeats its block (more than one value). */
        boolean inSegment() {
            return !done() && segments.get(segment).size() > 1;
        }

        int period() {
            return segments.get(segment).block().length;
        }

        /** Values left in the current segment. */
        long left() {
            return segments.get(segment).size() - offset;
        }

        long next() {
            Segment s = segments.get(segment);
            long v = s.block()[(int) (offset % s.block().length)];
            offset++;
            settle();
            return v;
        }

        void skip(long n) {
            offset += n;
            settle();
        }

        private void settle() {
            while (segment < segments.size() && offset >= segments.get(segment).size()) {
                offset -= segments.get(segment).size();
                segment++;
            }
        }
    }
}
