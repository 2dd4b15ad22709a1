package org.mpjtrace.trace.ranks;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.IntConsumer;

/**
 * An immutable set of ranks, held as ScalaTrace ranklists: an ordered list of disjoint nested
 * {@link Section}s, each covering a stretch of the ranks that no other section reaches into (every
 * rank of a section is below every rank of the next one).
 *
 * <p>Every way of making a set normalises it through {@link RankCompressor}, so a set has exactly one
 * representation: equal sets have equal sections. That is why {@link #equals} and {@link #hashCode},
 * which are by set, can compare sections (O(sections)) instead of ranks; and why the union of a grid's
 * boundary classes, in any order, comes out as the one compact section of the whole grid.
 *
 * <p>Text form: the sections in ScalaTrace notation separated by spaces, {@code <>} when empty; e.g.
 * {@code <1 0 3 1> <2 9 2 1 2 8>}. See {@link Section} for the dimension order.
 */
public final class RankSet {

    private static final RankSet EMPTY = new RankSet(List.of());

    private final List<Section> sections;
    /** First rank of each section, for a binary search in contains. */
    private final int[] firsts;
    private final int size;

    private RankSet(List<Section> sections) {
        this.sections = List.copyOf(sections);
        this.firsts = new int[sections.size()];
        long total = 0;
        for (int i = 0; i < firsts.length; i++) {
            firsts[i] = sections.get(i).first();
            total += sections.get(i).size();
        }
        // Only the set of every int from 0 up could pass int; no array or world can hold it.
        if (total > Integer.MAX_VALUE) throw new IllegalArgumentException("more than 2^31 - 1 ranks");
        this.size = (int) total;
    }

    public static RankSet empty() {
        return EMPTY;
    }

    public static RankSet single(int rank) {
        return of(Section.run(rank, 1, 1));
    }

    /** The ranks start, start + stride, ..., count of them; count 0 gives the empty set. */
    public static RankSet range(int start, int count, int stride) {
        if (count == 0) return EMPTY;
        return of(Section.run(start, count, stride));
    }

    /** The ranks of one section (any valid spelling; it is normalised). */
    public static RankSet of(Section section) {
        return new RankSet(List.of(section.normalized()));
    }

    /** The given ranks, in any order, duplicates allowed; throws IllegalArgumentException on a negative one. */
    public static RankSet of(int... ranks) {
        int[] sorted = ranks.clone();
        Arrays.sort(sorted);
        if (sorted.length > 0 && sorted[0] < 0) throw new IllegalArgumentException("negative rank " + sorted[0]);
        int n = 0;
        for (int r : sorted) {
            if (n == 0 || sorted[n - 1] != r) sorted[n++] = r;
        }
        return fromSorted(sorted, n);
    }

    /** The ranks whose bits are set. */
    public static RankSet of(BitSet bits) {
        int[] sorted = new int[bits.cardinality()];
        int n = 0;
        for (int r = bits.nextSetBit(0); r >= 0; r = bits.nextSetBit(r + 1)) {
            sorted[n++] = r;
        }
        return fromSorted(sorted, n);
    }

    /** sorted[0..n) strictly increasing and non-negative; the array may be reused by the caller. */
    static RankSet fromSorted(int[] sorted, int n) {
        if (n == 0) return EMPTY;
        return new RankSet(RankCompressor.compress(sorted, n));
    }

    /** This set together with other. O(size of both): both are expanded, merged and compressed. */
    public RankSet union(RankSet other) {
        if (other.isEmpty() || other == this) return this;
        if (isEmpty()) return other;
        int[] a = toArray();
        int[] b = other.toArray();
        int[] merged = new int[a.length + b.length];
        int i = 0, j = 0, n = 0;
        while (i < a.length && j < b.length) {
            if (a[i] < b[j]) merged[n++] = a[i++];
            else if (a[i] > b[j]) merged[n++] = b[j++];
            else {
                merged[n++] = a[i++];
                j++;
            }
        }
        while (i < a.length) merged[n++] = a[i++];
        while (j < b.length) merged[n++] = b[j++];
        return fromSorted(merged, n);
    }

    /** O(log sections + dimensions): finds the one section that could hold rank, asks it. */
    public boolean contains(int rank) {
        int i = Arrays.binarySearch(firsts, rank);
        if (i >= 0) return true;
        int candidate = -i - 2; // the last section starting below rank
        return candidate >= 0 && sections.get(candidate).contains(rank);
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** The smallest rank; NoSuchElementException when empty. */
    public int min() {
        if (isEmpty()) throw new NoSuchElementException("empty rank set");
        return firsts[0];
    }

    /** The largest rank; NoSuchElementException when empty. */
    public int max() {
        if (isEmpty()) throw new NoSuchElementException("empty rank set");
        return sections.get(sections.size() - 1).last();
    }

    /** The ranks in increasing order. */
    public int[] toArray() {
        int[] out = new int[size];
        int at = 0;
        for (Section s : sections) at = s.copyInto(out, at);
        return out;
    }

    /** Calls the action on every rank in increasing order. */
    public void forEach(IntConsumer action) {
        for (Section s : sections) s.forEach(action);
    }

    /** The canonical sections, in increasing rank order (unmodifiable). */
    public List<Section> sections() {
        return sections;
    }

    /** Appends the binary form (see {@link RankSetFormat}). */
    public void write(DataOutput out) throws IOException {
        RankSetFormat.write(this, out);
    }

    /**
     * Reads a set written by {@link #write}, checking it all against a world of worldSize ranks;
     * corrupt or truncated data gives a {@link RankSetFormatException} with a one-line message.
     */
    public static RankSet read(DataInput in, int worldSize) throws IOException {
        return RankSetFormat.read(in, worldSize);
    }

    /** Sections that {@link RankSetFormat#read} has checked: disjoint, ordered, in range. */
    static RankSet ofCheckedSections(List<Section> checked) {
        if (checked.isEmpty()) return EMPTY;
        if (checked.size() == 1) return of(checked.get(0));
        // A writer other than ours may have split the set differently; recompress to stay canonical.
        long total = 0;
        for (Section s : checked) total += s.size();
        int[] ranks = new int[(int) total];
        int at = 0;
        for (Section s : checked) at = s.copyInto(ranks, at);
        return fromSorted(ranks, ranks.length);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RankSet other && size == other.size && sections.equals(other.sections);
    }

    @Override
    public int hashCode() {
        return sections.hashCode();
    }

    @Override
    public String toString() {
        if (sections.isEmpty()) return "<>";
        StringBuilder b = new StringBuilder();
        for (Section s : sections) {
            if (b.length() > 0) b.append(' ');
            b.append(s);
        }
        return b.toString();
    }
}
