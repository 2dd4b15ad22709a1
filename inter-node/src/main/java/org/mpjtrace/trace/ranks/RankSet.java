package org.mpjtrace.trace.ranks;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
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
 * <p>A set has one canonical form, the sections {@link RankCompressor} makes of its ranks: equal sets have
 * equal canonical sections, which is what {@link #equals}, {@link #hashCode}, {@link #sections()}, the
 * text form and the file form ({@link #write}) use, and why the union of a grid's boundary classes, in any
 * order, comes out as the one compact section of the whole grid. Sets made from ranks are canonical from
 * the start. A {@link #union} is worked on the sections ({@link SectionUnion}, O(sections) where the two
 * sets do not interleave rank by rank), so its sections are exact but may be cut differently; the
 * canonical form is then worked out once, when first asked for. Messages between ranks carry the sections
 * as built ({@link #writeAsBuilt}), so that neither side of a clustering tree's hop expands a set.
 *
 * <p>Text form: the sections in ScalaTrace notation separated by spaces, {@code <>} when empty; e.g.
 * {@code <1 0 3 1> <2 9 2 1 2 8>}. See {@link Section} for the dimension order.
 */
public final class RankSet {

    private static final RankSet EMPTY = new RankSet(List.of(), true);

    /** As built: disjoint, in increasing order, each in fused form; not necessarily canonical. */
    private final List<Section> sections;
    /** First rank of each section, for a binary search in contains. */
    private final int[] firsts;
    private final int size;
    /**
     * The canonical sections, or null until first asked for. Racy but safe: every thread that computes it
     * gets an equal immutable list, and an immutable list is safely published through its final fields.
     */
    private List<Section> canonical;

    private RankSet(List<Section> sections, boolean isCanonical) {
        this.sections = List.copyOf(sections);
        this.canonical = isCanonical ? this.sections : null;
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
        return new RankSet(List.of(section.normalized()), true);
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
        return new RankSet(RankCompressor.compress(sorted, n), true);
    }

    /**
     * This set together with other. O(sections of both) when no section of one reaches into the span of a
     * section of the other (as when the clusters of two subtrees of ranks are joined); the ranks of the
     * sections that do are expanded and compressed (see {@link SectionUnion}).
     */
    public RankSet union(RankSet other) {
        if (other.isEmpty() || other == this) return this;
        if (isEmpty()) return other;
        List<Section> joined = SectionUnion.of(sections, other.sections);
        return new RankSet(joined, joined.size() == 1);
    }

    /**
     * Sets the bit of every rank of this set in marks; returns false, with marks partly set, as soon as
     * one was set already. Checking that sets are disjoint this way costs one word operation per 64 ranks
     * of a run of consecutive ranks, instead of a union per set.
     */
    public boolean markInto(BitSet marks) {
        for (Section s : sections) {
            boolean[] clash = {false};
            s.forEachRun((first, count, stride) -> {
                if (clash[0]) return;
                if (stride == 1) {
                    int end = first + count; // the last rank is an int, so end is at most 2^31 - 1 + 1
                    int set = marks.nextSetBit(first);
                    if (set >= 0 && set < end) clash[0] = true;
                    else marks.set(first, end);
                } else {
                    for (int i = 0, r = first; i < count; i++, r += stride) {
                        if (marks.get(r)) {
                            clash[0] = true;
                            return;
                        }
                        marks.set(r);
                    }
                }
            });
            if (clash[0]) return false;
        }
        return true;
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

    /** The canonical sections, in increasing rank order (unmodifiable); O(ranks) the first time for a union. */
    public List<Section> sections() {
        List<Section> c = canonical;
        if (c == null) {
            c = List.copyOf(RankCompressor.compress(toArray(), size));
            canonical = c;
        }
        return c;
    }

    /** Appends the binary form of the canonical sections (see {@link RankSetFormat}), as trace files hold it. */
    public void write(DataOutput out) throws IOException {
        RankSetFormat.write(sections(), out);
    }

    /**
     * Appends the binary form of the sections as built, which {@link #read} reads as well: no compression
     * pass, so O(sections). For messages between ranks, where the set is read once and passed on.
     */
    public void writeAsBuilt(DataOutput out) throws IOException {
        RankSetFormat.write(sections, out);
    }

    /**
     * Reads a set written by {@link #write}, checking it all against a world of worldSize ranks;
     * corrupt or truncated data gives a {@link RankSetFormatException} with a one-line message.
     */
    public static RankSet read(DataInput in, int worldSize) throws IOException {
        return RankSetFormat.read(in, worldSize);
    }

    /**
     * Sections that {@link RankSetFormat#read} has checked: disjoint, ordered, in range. Kept as read, each
     * in fused form (a one-section set is then canonical); a set written by {@link #writeAsBuilt} or split
     * differently by another writer is canonicalised when first compared.
     */
    static RankSet ofCheckedSections(List<Section> checked) {
        if (checked.isEmpty()) return EMPTY;
        List<Section> fused = new ArrayList<>(checked.size());
        for (Section s : checked) fused.add(s.normalized());
        return new RankSet(fused, fused.size() == 1);
    }

    /** By set: the sections as built when they are equal, the canonical ones otherwise. */
    @Override
    public boolean equals(Object o) {
        return o instanceof RankSet other && size == other.size
                && (sections.equals(other.sections) || sections().equals(other.sections()));
    }

    @Override
    public int hashCode() {
        return sections().hashCode();
    }

    @Override
    public String toString() {
        List<Section> canonicalSections = sections();
        if (canonicalSections.isEmpty()) return "<>";
        StringBuilder b = new StringBuilder();
        for (Section s : canonicalSections) {
            if (b.length() > 0) b.append(' ');
            b.append(s);
        }
        return b.toString();
    }
}
