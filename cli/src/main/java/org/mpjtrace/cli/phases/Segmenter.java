package org.mpjtrace.cli.phases;

import java.util.ArrayList;
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
 * <p>Cost: one segment of n symbols takes O(n) time. Its counts are taken once, then the scan over cut
 * positions moves one symbol at a time from the right part to the left, updating {@code sum N_j ln N_j}
 * of each part by two terms; so the whole tree costs O(N x depth), O(N log N) when the cuts are
 * balanced. The count arrays are shared by all segments and cleared symbol by symbol, so a sequence of
 * many distinct symbols is not charged their number per segment. Segments wait in a queue rather than on
 * the call stack: a sequence that peels one symbol off per cut makes a tree N deep.
 */
public final class Segmenter {
    private final int[] symbols;
    private final double minStrength;
    private final long[] whole, left;
    private final double[] nLogN;
    /** The nodes, by id, whose symbols all differ: never cut. */
    private final BitSet onceEach = new BitSet();

    /**
     * @param symbols     the sequence, symbols numbered 0, 1, 2, ... (not necessarily dense)
     * @param minStrength a segment is cut when its s is above this; 0 is the paper's criterion, more gives
     *                    fewer, stronger cuts
     */
    private Segmenter(int[] symbols, double minStrength) {
        this.symbols = symbols;
        this.minStrength = minStrength;
        int k = 0;
        for (int s : symbols) {
            if (s < 0) throw new IllegalArgumentException("symbol " + s + " is negative");
            k = Math.max(k, s + 1);
        }
        whole = new long[k];
        left = new long[k];
        nLogN = new double[symbols.length + 1];
        for (int n = 0; n <= symbols.length; n++) nLogN[n] = Divergence.nLogN(n);
    }

    /** The segmentation tree of {@code symbols}; an empty sequence has none. */
    public static SegmentTree segment(int[] symbols, double minStrength) {
        if (symbols.length == 0) throw new IllegalArgumentException("no symbols to segment");
        if (Double.isNaN(minStrength)) throw new IllegalArgumentException("minimum strength is NaN");
        return new Segmenter(symbols, minStrength).run();
    }

    private SegmentTree run() {
        List<Segment> nodes = new ArrayList<>();
        nodes.add(best(0, -1, 0, 0, symbols.length - 1));
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

    /** The segment [start, end] with its best cut and that cut's strength (not yet its children). */
    private Segment best(int id, int parent, int depth, int start, int end) {
        int n = end - start + 1;
        if (n < 2) return new Segment(id, parent, depth, start, end, 0, -1, Double.NaN, -1, -1);
        int distinct = 0;
        double wholeSum = 0;
        for (int i = start; i <= end; i++) if (whole[symbols[i]]++ == 0) distinct++;
        if (distinct == n) onceEach.set(id);
        for (int i = start; i <= end; i++) {
            int x = symbols[i];
            if (left[x] == 0) {
                wholeSum += nLogN[(int) whole[x]];
                left[x] = -1; // counted once; cleared below before the scan uses it
            }
        }
        for (int i = start; i <= end; i++) left[symbols[i]] = 0;
        double nH = nLogN[n] - wholeSum;
        double leftSum = 0, rightSum = wholeSum, bestD = -1;
        int kl = 0, kr = distinct, bestCut = -1, bestK = 1;
        for (int i = start; i < end; i++) {
            int x = symbols[i];
            int l = (int) left[x], r = (int) (whole[x] - l);
            leftSum += nLogN[l + 1] - nLogN[l];
            rightSum += nLogN[r - 1] - nLogN[r];
            if (l == 0) kl++;
            if (r == 1) kr--;
            left[x] = l + 1;
            int nl = i - start + 1, nr = n - nl;
            double d = Divergence.fromSums(n, nH, nLogN[nl] - leftSum, nLogN[nr] - rightSum);
            // Strictly greater, with a little slack for rounding: of equal maxima the leftmost cut wins,
            // whatever order the running sums happened to round in.
            if (d > bestD + 1e-12 * Math.max(1, Math.abs(bestD))) {
                bestD = d;
                bestCut = i;
                bestK = Divergence.freeParameters(kl, kr, distinct);
            }
        }
        for (int i = start; i <= end; i++) {
            whole[symbols[i]] = 0;
            left[symbols[i]] = 0;
        }
        return new Segment(id, parent, depth, start, end, bestD, bestCut, Divergence.strength(n, bestD, bestK), -1, -1);
    }
}
