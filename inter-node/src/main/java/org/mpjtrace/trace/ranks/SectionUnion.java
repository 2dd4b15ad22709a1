package org.mpjtrace.trace.ranks;

import java.util.ArrayList;
import java.util.List;

/**
 * The union of two sets given as their sections, worked on the sections rather than on the ranks, so
 * that joining the clusters of neighbouring subtrees costs O(sections) however many ranks they hold.
 *
 * <p>Both lists are merged by first rank. Where sections of the two reach into each other's span (an
 * <em>island</em>: a chain of overlapping [first, last] spans), only that island is expanded, merged and
 * compressed by {@link RankCompressor}; a section whose span meets no other is taken as it is, and an
 * island of two equal sections is taken once. Every section taken is then offered to the one before it
 * ({@link #joined}): a run that continues another, a row below the same row, a box one copy longer
 * become one section; where that fails next to a pair of copies joined too early, the pair is taken apart
 * and joined again piece by piece ({@link #append}). So a grid class built from the pieces of many
 * subtrees travels as one section.
 *
 * <p>The result is exact, disjoint and ordered, and each section is in fused form, but the list is not
 * necessarily the canonical one (the greedy compressor may cut the same set elsewhere); {@link RankSet}
 * canonicalises lazily where it needs to.
 */
final class SectionUnion {

    /**
     * A section of at most this many copies of its block is taken apart again when it does not join at a
     * seam: a join made too early is two pieces (a row end and the next row's start) joined as copies.
     */
    private static final int REPAIR_COPIES = 2;

    private SectionUnion() {}

    /** The sections of the union of two disjoint-ordered section lists; neither list is empty. */
    static List<Section> of(List<Section> a, List<Section> b) {
        List<Section> out = new ArrayList<>(a.size() + b.size());
        int i = 0, j = 0;
        List<Section> island = new ArrayList<>();
        int islandLast = -1;
        while (i < a.size() || j < b.size()) {
            Section next = j >= b.size() || (i < a.size() && a.get(i).first() <= b.get(j).first()) ? a.get(i++) : b.get(j++);
            if (!island.isEmpty() && next.first() <= islandLast) {
                island.add(next);
                islandLast = Math.max(islandLast, next.last());
                continue;
            }
            flush(island, out);
            island.clear();
            island.add(next);
            islandLast = next.last();
        }
        flush(island, out);
        return out;
    }

    /** Appends an island's sections to out: as they are when one (or two equal), compressed otherwise. */
    private static void flush(List<Section> island, List<Section> out) {
        if (island.isEmpty()) return;
        if (island.size() == 1 || island.size() == 2 && island.get(0).equals(island.get(1))) {
            append(out, island.get(0));
            return;
        }
        long total = 0;
        for (Section s : island) total += s.size();
        if (total > Integer.MAX_VALUE) throw new IllegalArgumentException("more than 2^31 - 1 ranks");
        int[] ranks = new int[(int) total];
        int at = 0;
        for (Section s : island) at = s.copyInto(ranks, at);
        for (Section s : RankSet.of(ranks).sections()) joinOrAdd(out, s); // sorted, repeats dropped, compressed
    }

    /**
     * Adds s after the last section of out: joined with it where possible; otherwise whichever of the two
     * is only a pair of copies is taken apart and the pieces are joined again one by one. That repairs a
     * seam where pieces joined too early: the subtree [24, 32) of a grid 13 ranks wide holds 24 and 27 of
     * its interior, which join as the run {24, 27}; only next to 16..23 and 28..31 do they turn out to end
     * one row and start the next.
     */
    private static void append(List<Section> out, Section s) {
        Section last = out.isEmpty() ? null : out.get(out.size() - 1);
        if (last == null || joined(last, s) != null) {
            joinOrAdd(out, s);
            return;
        }
        boolean splitLast = isSmallJoin(last), splitNew = isSmallJoin(s);
        if (!splitLast && !splitNew) {
            out.add(s);
            return;
        }
        out.remove(out.size() - 1);
        List<Section> again = new ArrayList<>(splitLast ? copies(last) : List.of(last));
        again.addAll(splitNew ? copies(s) : List.of(s));
        for (Section piece : again) joinOrAdd(out, piece);
    }

    /** Whether s is a few copies of its block: a join worth taking back at a seam (cheap: one piece per copy). */
    private static boolean isSmallJoin(Section s) {
        return s.size() > 1 && s.count(0) <= REPAIR_COPIES;
    }

    /** The copies of s's block along its outer dimension (single ranks for a run), in order. */
    private static List<Section> copies(Section s) {
        int d = s.dimensions();
        int[] counts = new int[Math.max(1, d - 1)], strides = new int[Math.max(1, d - 1)];
        if (d == 1) {
            counts[0] = 1;
            strides[0] = 1;
        } else {
            for (int k = 1; k < d; k++) {
                counts[k - 1] = s.count(k);
                strides[k - 1] = s.stride(k);
            }
        }
        List<Section> out = new ArrayList<>(s.count(0));
        for (int i = 0; i < s.count(0); i++) out.add(new Section(s.first() + i * s.stride(0), counts, strides));
        return out;
    }

    /** Adds s after the last section of out, joined with it (and then with the one before) where possible. */
    private static void joinOrAdd(List<Section> out, Section s) {
        Section current = s;
        while (!out.isEmpty()) {
            Section joined = joined(out.get(out.size() - 1), current);
            if (joined == null) break;
            out.remove(out.size() - 1);
            current = joined;
        }
        out.add(current);
    }

    /**
     * One section holding exactly the ranks of a and of b (a wholly below b, both in fused form), or null
     * when the three shapes that join simply do not apply:
     * <ul>
     *   <li>b is a shifted copy of a: a new outer dimension of count 2 (two equal rows make a box);</li>
     *   <li>b continues a's outer dimension: one more copy of a's block, or more copies at a's stride;</li>
     *   <li>a is the copy just before b's outer dimension starts.</li>
     * </ul>
     * A single rank counts as a block of no dimensions, so two ranks make a run and a rank next to a run
     * lengthens it. The result is normalised (touching runs fuse).
     */
    static Section joined(Section a, Section b) {
        long offset = (long) b.first() - a.first();
        if (sameBlock(a, 0, b, 0) && blockDims(a, 0) < Section.MAX_DIMENSIONS) {
            return withOuter(a, 0, 2, offset);
        }
        if (a.size() > 1 && offset == (long) a.count(0) * a.stride(0)) {
            if (sameBlock(a, 1, b, 0)) return withOuter(a, 1, a.count(0) + 1, a.stride(0));
            if (b.size() > 1 && b.stride(0) == a.stride(0) && sameBlock(a, 1, b, 1)) {
                return withOuter(a, 1, a.count(0) + b.count(0), a.stride(0));
            }
        }
        if (b.size() > 1 && offset == b.stride(0) && sameBlock(a, 0, b, 1)) {
            return withOuter(a, 0, b.count(0) + 1, b.stride(0));
        }
        return null;
    }

    /** The dimensions of s from index from inward; a single rank has none. */
    private static int blockDims(Section s, int from) {
        return s.size() == 1 ? 0 : s.dimensions() - from;
    }

    /** Whether x's dimensions from fromX inward equal y's from fromY inward (count and stride each). */
    private static boolean sameBlock(Section x, int fromX, Section y, int fromY) {
        int n = blockDims(x, fromX);
        if (n != blockDims(y, fromY)) return false;
        for (int k = 0; k < n; k++) {
            if (x.count(fromX + k) != y.count(fromY + k) || x.stride(fromX + k) != y.stride(fromY + k)) return false;
        }
        return true;
    }

    /** The section starting at s's first rank: an outer dimension (count, stride) around s's block from index from. */
    private static Section withOuter(Section s, int from, int count, long stride) {
        int inner = blockDims(s, from);
        int[] counts = new int[inner + 1];
        int[] strides = new int[inner + 1];
        counts[0] = count;
        strides[0] = (int) stride; // below b's first rank: fits
        for (int k = 0; k < inner; k++) {
            counts[k + 1] = s.count(from + k);
            strides[k + 1] = s.stride(from + k);
        }
        return new Section(s.first(), counts, strides).normalized();
    }
}
