package org.mpjtrace.trace.ranks;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns a sorted set of ranks into a short list of nested {@link Section}s, each covering a
 * contiguous stretch of the sorted ranks, in increasing order.
 *
 * <p><b>Algorithm.</b> Left to right, from the first rank not yet covered, grow the largest box that
 * starts there:
 * <ol>
 *   <li>dimension 1 is the maximal arithmetic run from that rank (its stride is the gap to the next
 *       rank);</li>
 *   <li>the box built so far (a block of m ranks) is then repeated: the next rank after the block
 *       fixes the candidate stride, and whole copies of the block at 1, 2, ... times that stride are
 *       counted by comparing the next m ranks with the block shifted; two or more copies make a new
 *       outer dimension, and the step repeats up to {@link Section#MAX_DIMENSIONS}.</li>
 * </ol>
 * Because copies are matched against the first block rather than found as runs of their own, a later
 * row cannot be misread however its neighbours look. The one misreading left is at the start: the
 * first run may swallow the first rank of the structure that follows (in {5, 9..14, 17..22, ...} the
 * run {5, 9} steals 9 from the grid interior). So when the first run has length L >= 2 and the box
 * does not cover everything, the rank is also tried as a run of length L - 1 followed by the box at
 * the next rank; whichever of the two alternatives covers more ranks with two sections wins (ties keep
 * the box). Finally, if the boxes came out more numerous than the plain maximal 1-D runs, the runs are
 * used instead.
 *
 * <p><b>Guarantees.</b>
 * <ul>
 *   <li>Exact, always: the sections partition the input.</li>
 *   <li>Canonical: a deterministic function of the sorted set, so the same set always gives the same
 *       sections however it was built.</li>
 *   <li>Any set that is one nested box of at most {@link Section#MAX_DIMENSIONS} dimensions becomes
 *       exactly one section, in its fused form ({@link Section#normalized()}): the box is recovered
 *       level by level because in fused form no stride equals count times the stride inside it, so
 *       each level stops exactly at the box's own count. Every product of arithmetic progressions
 *       along the axes of a row-major grid of up to four axes is such a box; in particular each
 *       boundary class of a non-periodic 2-D or 3-D stencil (corners, edges, faces, interior, and
 *       their products) is one section of at most 2 or 3 dimensions, whatever the grid size.</li>
 *   <li>Never more sections than the greedy maximal 1-D runs (by the final check; an exhaustive search
 *       over all subsets of 0..19 never needed it), hence at most ceil(n/2) for n ranks, and at most
 *       the number of maximal blocks of consecutive ranks (a greedy run that starts inside such a block
 *       either covers the rest of it or leaves it after one rank, so at most one run starts in each
 *       block).</li>
 * </ul>
 * Sets that are interleavings of progressions (multiples of 3 together with multiples of 5) are not
 * compact in this form; they are still exact.
 *
 * <p><b>Cost.</b> O(n) time for n ranks: each box compares every rank it covers with its template
 * once, plus at most one block of failed comparisons, and the look-ahead and the run count at most
 * triple that. One box per call allocates a few small arrays; no boxing. A 254x254 grid interior
 * (64,516 ranks) takes well under a millisecond once warm.
 */
final class RankCompressor {

    private RankCompressor() {}

    /** Sections for ranks[0..n), which must be strictly increasing and non-negative. */
    static List<Section> compress(int[] ranks, int n) {
        List<Section> boxes = new ArrayList<>();
        Lookup cache = new Lookup(ranks, n);
        int pos = 0;
        while (pos < n) {
            Box box = cache.boxAt(pos);
            Section chosen = box.section;
            if (box.firstRun >= 2 && pos + box.size < n) {
                int reachWithBox = cache.reach(pos + box.size);
                int cut = pos + box.firstRun - 1;
                int reachWithShortRun = cache.reach(cut);
                if (reachWithShortRun > reachWithBox) {
                    chosen = Section.run(ranks[pos], box.firstRun - 1, box.firstRun == 2 ? 1 : ranks[pos + 1] - ranks[pos]);
                }
            }
            boxes.add(chosen);
            pos += chosen.size();
        }
        return boxes.size() > countRuns(ranks, n) ? runs(ranks, n) : boxes;
    }

    /** A box grown from one position: the section and the length of its first run. */
    private record Box(Section section, int size, int firstRun) {}

    /**
     * Builds boxes on demand and keeps the last two, because the look-ahead builds the box that the
     * next step starts with; without the cache every large box would be built twice.
     */
    private static final class Lookup {
        private final int[] ranks;
        private final int n;
        private int cachedPos = -1;
        private Box cached;
        private int cachedPos2 = -1;
        private Box cached2;

        Lookup(int[] ranks, int n) {
            this.ranks = ranks;
            this.n = n;
        }

        Box boxAt(int pos) {
            if (pos == cachedPos) return cached;
            if (pos == cachedPos2) return cached2;
            Box b = grow(ranks, pos, n);
            cachedPos2 = cachedPos;
            cached2 = cached;
            cachedPos = pos;
            cached = b;
            return b;
        }

        /** Where one box grown at pos ends (pos itself at the end of the input). */
        int reach(int pos) {
            return pos >= n ? pos : pos + boxAt(pos).size;
        }
    }

    /** The largest box starting at ranks[pos], as described in the class comment. */
    private static Box grow(int[] ranks, int pos, int n) {
        int start = ranks[pos];
        if (pos + 1 == n) return new Box(Section.run(start, 1, 1), 1, 1);
        int stride = ranks[pos + 1] - start;
        int run = 2;
        while (pos + run < n && ranks[pos + run] - ranks[pos + run - 1] == stride) run++;

        // Built innermost first, reversed into the section's outermost-first order at the end.
        int[] counts = new int[Section.MAX_DIMENSIONS];
        int[] strides = new int[Section.MAX_DIMENSIONS];
        counts[0] = run;
        strides[0] = stride;
        int dims = 1;
        int block = run;
        while (dims < Section.MAX_DIMENSIONS && pos + block < n) {
            int step = ranks[pos + block] - start;
            int copies = 1;
            while (n - pos - (long) copies * block >= block && isCopy(ranks, pos, block, copies, (long) copies * step)) {
                copies++;
            }
            if (copies == 1) break;
            counts[dims] = copies;
            strides[dims] = step;
            dims++;
            block *= copies;
        }
        int[] c = new int[dims];
        int[] s = new int[dims];
        for (int k = 0; k < dims; k++) {
            c[k] = counts[dims - 1 - k];
            s[k] = strides[dims - 1 - k];
        }
        return new Box(new Section(start, c, s), block, run);
    }

    /** Whether ranks at pos + copy*block .. + block equal the first block shifted by offset. */
    private static boolean isCopy(int[] ranks, int pos, int block, int copy, long offset) {
        int at = pos + copy * block;
        for (int j = 0; j < block; j++) {
            if (ranks[at + j] != ranks[pos + j] + offset) return false;
        }
        return true;
    }

    /** The number of greedy maximal arithmetic runs (each takes the gap to its second rank as stride). */
    private static int countRuns(int[] ranks, int n) {
        int runs = 0;
        int i = 0;
        while (i < n) {
            i += runLength(ranks, i, n);
            runs++;
        }
        return runs;
    }

    private static List<Section> runs(int[] ranks, int n) {
        List<Section> out = new ArrayList<>();
        int i = 0;
        while (i < n) {
            int len = runLength(ranks, i, n);
            out.add(Section.run(ranks[i], len, len == 1 ? 1 : ranks[i + 1] - ranks[i]));
            i += len;
        }
        return out;
    }

    private static int runLength(int[] ranks, int i, int n) {
        if (i + 1 == n) return 1;
        int stride = ranks[i + 1] - ranks[i];
        int len = 2;
        while (i + len < n && ranks[i + len] - ranks[i + len - 1] == stride) len++;
        return len;
    }
}
