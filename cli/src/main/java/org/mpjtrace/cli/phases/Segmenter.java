package org.mpjtrace.cli.phases;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * Recursive segmentation of a symbol sequence by the Jensen-Shannon divergence (the paper's section 3.3,
 * after Li et al.): in each segment find the cut that maximises D_JS between the left and right parts
 * (eq. 4), cut there when the segmentation strength s (eq. 11) exceeds the minimum (0 by default: the
 * BIC criterion of eq. 10), and go on in both parts.
 *
 * <p>One rule of ours beside the paper's: a segment in which every symbol occurs once is not cut. Its
 * parts then hold disjoint symbols, each seen once, so D_JS at a cut is the entropy of the two parts'
 * sizes alone, {@code H(i/N)}: the same for any calls in that order, so it says nothing about the calls.
 * BIC, an asymptotic criterion, still accepts it (two different calls give s = 3, more than most real
 * changes of behaviour), which left a run's last few one-off calls (a Reduce, then Finalize) as a phase
 * each. Such a segment stays whole: a program's closing calls are one finish phase. Its best cut and s
 * are still reported.
 *
 * <p>Cost: the sequence comes as runs, a body of symbols repeated some number of times in a row (a time
 * loop's iteration; a dump's calls are one run of count 1). A segment's counts are taken once, then the
 * scan over cut positions moves one symbol at a time from the right part to the left, updating {@code
 * sum N_j ln N_j} of each part by two terms. Of three or more repetitions of a body in a row the scan
 * takes the first and last one symbol at a time and moves those between at once: no best cut is lost
 * ({@link #pieces} says why), and the tree is the one the written-out sequence gives. So a segment costs
 * O(its runs x their body lengths), not O(its symbols), and the tree that times over its depth: a
 * 20,003-occurrence rank of one time loop is scanned in a few hundred steps. The count arrays are shared
 * by all segments and cleared symbol by symbol, so a sequence of many distinct symbols is not charged
 * their number per segment. Segments wait in a queue rather than on the call stack: a sequence that
 * peels one symbol off per cut makes a tree N deep.
 */
public final class Segmenter {
    /** n ln n is tabled up to here, computed beyond. */
    private static final int TABLED = 1 << 20;

    /** The sequence as runs: run r is {@code bodies[r]} repeated {@code counts[r]} times, from position {@code first[r]}. */
    private final int[][] bodies;
    private final long[] counts;
    private final long[] first;
    private final double minStrength;
    private final long[] whole, left;
    private final double[] nLogN;
    /** The symbols a segment holds, while it is being scanned. */
    private int[] present = new int[16];
    /** The nodes, by id, whose symbols all differ: never cut. */
    private final BitSet onceEach = new BitSet();

    /**
     * @param minStrength a segment is cut when its s is above this; 0 is the paper's criterion, more gives
     *                    fewer, stronger cuts
     */
    private Segmenter(int[][] bodies, long[] counts, double minStrength) {
        this.bodies = bodies;
        this.counts = counts;
        this.minStrength = minStrength;
        first = new long[bodies.length + 1];
        int k = 0;
        for (int r = 0; r < bodies.length; r++) {
            for (int s : bodies[r]) {
                if (s < 0) throw new IllegalArgumentException("symbol " + s + " is negative");
                k = Math.max(k, s + 1);
            }
            if (bodies[r].length == 0 || counts[r] < 1) throw new IllegalArgumentException("run " + r + " is empty");
            first[r + 1] = first[r] + bodies[r].length * counts[r];
        }
        if (first[bodies.length] > Integer.MAX_VALUE - 1) throw new IllegalArgumentException("too many symbols: " + first[bodies.length]);
        whole = new long[k];
        left = new long[k];
        nLogN = new double[(int) Math.min(first[bodies.length], TABLED) + 1];
        for (int n = 0; n < nLogN.length; n++) nLogN[n] = Divergence.nLogN(n);
    }

    /** The segmentation tree of {@code symbols}; an empty sequence has none. */
    public static SegmentTree segment(int[] symbols, double minStrength) {
        if (symbols.length == 0) throw new IllegalArgumentException("no symbols to segment");
        return segment(new int[][] {symbols}, new long[] {1}, minStrength);
    }

    /** The segmentation tree of a rank's pattern sequence, read run by run. */
    public static SegmentTree segment(PatternSequence patterns, double minStrength) {
        if (patterns.occurrences() == 0) throw new IllegalArgumentException("no symbols to segment");
        List<PatternSequence.Run> runs = patterns.runs();
        int[][] bodies = new int[runs.size()][];
        long[] counts = new long[runs.size()];
        for (int r = 0; r < runs.size(); r++) {
            bodies[r] = runs.get(r).symbols();
            counts[r] = runs.get(r).count();
        }
        return segment(bodies, counts, minStrength);
    }

    /**
     * The segmentation tree of the sequence made of {@code bodies[r]} repeated {@code counts[r]} times, r
     * = 0, 1, ...: the same tree as for the sequence written out, found in time that follows the runs.
     */
    static SegmentTree segment(int[][] bodies, long[] counts, double minStrength) {
        if (Double.isNaN(minStrength)) throw new IllegalArgumentException("minimum strength is NaN");
        if (bodies.length != counts.length) throw new IllegalArgumentException("a count for every run");
        if (bodies.length == 0) throw new IllegalArgumentException("no symbols to segment");
        return new Segmenter(bodies, counts, minStrength).run();
    }

    private SegmentTree run() {
        List<Segment> nodes = new ArrayList<>();
        nodes.add(best(0, -1, 0, 0, (int) first[bodies.length] - 1));
        // Level order: a node's children are appended as it is reached, so ids grow level by level.
        for (int i = 0; i < nodes.size(); i++) {
            Segment s = nodes.get(i);
            if (s.length() < 2 || !(s.strength() > minStrength) || onceEach.get(s.id())) continue;
            int l = nodes.size(), r = l + 1;
            nodes.add(best(l, s.id(), s.depth() + 1, s.start(), s.cut()));
            nodes.add(best(r, s.id(), s.depth() + 1, s.cut() + 1, s.end()));
            nodes.set(i, s.withChildren(l, r));
        }
        return new SegmentTree(nodes);
    }

    /** Sees a segment's positions in order: some one by one, others as whole repetitions of a run at once. */
    private interface Pieces {
        /** Positions {@code from..to} of run r, one by one. */
        void each(int r, int from, int to);

        /** {@code times} whole repetitions of run r's body, at once. */
        void repeated(int r, long times);
    }

    /**
     * Walks the positions start..end. Of three or more whole repetitions of a run in a row, only the first
     * and the last are shown one by one and those between at once. That loses no cut: for a cut at the
     * same place in each repetition, moving it one repetition on moves the same counts from the right part
     * to the left, and D_JS is convex along such a line (each part's N H is concave in it, by
     * Cauchy-Schwarz), so its greatest value is at the first or the last repetition.
     */
    private void pieces(int start, int end, Pieces v) {
        int r = Arrays.binarySearch(first, start);
        r = r >= 0 ? r : -r - 2;
        for (int pos = start; pos <= end; r++) {
            int p = bodies[r].length;
            int to = (int) Math.min(end, first[r + 1] - 1);
            int offset = (int) ((pos - first[r]) % p);
            int headEnd = offset == 0 ? pos - 1 : Math.min(to, pos + (p - offset) - 1);
            if (headEnd >= pos) v.each(r, pos, headEnd);
            int from = headEnd + 1;
            long full = (to - from + 1L) / p;
            if (full >= 3) {
                v.each(r, from, from + p - 1);
                v.repeated(r, full - 2);
                v.each(r, (int) (from + (full - 1) * p), (int) (from + full * p - 1));
            } else if (full > 0) {
                v.each(r, from, (int) (from + full * p - 1));
            }
            int tail = (int) (from + full * p);
            if (tail <= to) v.each(r, tail, to);
            pos = to + 1;
        }
    }

    private int symbolAt(int r, int pos) {
        return bodies[r][(int) ((pos - first[r]) % bodies[r].length)];
    }

    private double nLogN(long n) {
        return n < nLogN.length ? nLogN[(int) n] : Divergence.nLogN(n);
    }

    /** The segment [start, end] with its best cut and that cut's strength (not yet its children). */
    private Segment best(int id, int parent, int depth, int start, int end) {
        int n = end - start + 1;
        if (n < 2) return new Segment(id, parent, depth, start, end, 0, -1, Double.NaN, -1, -1);
        int[] distinct = {0};
        pieces(start, end, new Pieces() {
            @Override
            public void each(int r, int from, int to) {
                for (int i = from; i <= to; i++) count(symbolAt(r, i), 1);
            }

            @Override
            public void repeated(int r, long times) {
                for (int x : bodies[r]) count(x, times);
            }

            private void count(int x, long times) {
                if (whole[x] == 0) {
                    if (distinct[0] == present.length) present = Arrays.copyOf(present, 2 * distinct[0]);
                    present[distinct[0]++] = x;
                }
                whole[x] += times;
            }
        });
        int k = distinct[0];
        if (k == n) onceEach.set(id);
        double wholeSum = 0;
        for (int j = 0; j < k; j++) wholeSum += nLogN(whole[present[j]]);
        Scan scan = new Scan(start, end, n, nLogN(n) - wholeSum, wholeSum, k);
        pieces(start, end, scan);
        for (int j = 0; j < k; j++) {
            whole[present[j]] = 0;
            left[present[j]] = 0;
        }
        return new Segment(id, parent, depth, start, end, scan.bestD, scan.bestCut, Divergence.strength(n, scan.bestD, scan.bestK), -1, -1);
    }

    /**
     * The scan over cut positions: one symbol at a time moves from the right part to the left, updating
     * {@code sum N_j ln N_j} of each part by two terms, and D_JS is taken after each (the cut after the last
     * position is none). Whole repetitions shown at once move together, with no cut taken between them.
     */
    private final class Scan implements Pieces {
        final int start, end, n, distinct;
        final double nH;
        double leftSum, rightSum, bestD = -1;
        int kl, kr, bestCut = -1, bestK = 1;

        Scan(int start, int end, int n, double nH, double wholeSum, int distinct) {
            this.start = start;
            this.end = end;
            this.n = n;
            this.nH = nH;
            this.distinct = distinct;
            rightSum = wholeSum;
            kr = distinct;
        }

        @Override
        public void each(int r, int from, int to) {
            for (int i = from; i <= to && i < end; i++) {
                int x = symbolAt(r, i);
                long l = left[x], rr = whole[x] - l;
                leftSum += nLogN(l + 1) - nLogN(l);
                rightSum += nLogN(rr - 1) - nLogN(rr);
                if (l == 0) kl++;
                if (rr == 1) kr--;
                left[x] = l + 1;
                int nl = i - start + 1, nr = n - nl;
                double d = Divergence.fromSums(n, nH, nLogN(nl) - leftSum, nLogN(nr) - rightSum);
                // Strictly greater, with a little slack for rounding: of equal maxima the leftmost cut wins,
                // whatever order the running sums happened to round in.
                if (d > bestD + 1e-12 * Math.max(1, Math.abs(bestD))) {
                    bestD = d;
                    bestCut = i;
                    bestK = Divergence.freeParameters(kl, kr, distinct);
                }
            }
        }

        @Override
        public void repeated(int r, long times) {
            // Each symbol of the body is already on both sides (the first repetition was moved one by one,
            // the last is still to come), so no part gains or loses a distinct symbol.
            for (int x : bodies[r]) {
                long l = left[x], rr = whole[x] - l;
                leftSum += nLogN(l + times) - nLogN(l);
                rightSum += nLogN(rr - times) - nLogN(rr);
                left[x] = l + times;
            }
        }
    }
}
