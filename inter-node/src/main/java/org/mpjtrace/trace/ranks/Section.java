package org.mpjtrace.trace.ranks;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * One ranklist section: the ranks {@code start + i[0]*stride[0] + ... + i[d-1]*stride[d-1]} for
 * {@code 0 <= i[k] < count[k]}, with the dimensions held <em>outermost first</em> (index 0 is the
 * slowest-varying one, as in a nest of loops). The text form follows ScalaTrace and lists the
 * dimensions the other way round, innermost first: {@code <d start count[d-1] stride[d-1] ... count[0]
 * stride[0]>}; e.g. the interior of an 8x8 grid is {@code <2 9 6 1 6 8>}, held as counts {6, 6} and
 * strides {8, 1}.
 *
 * <p>Sections are <em>nested</em>: every dimension whose count exceeds 1 has a stride larger than the
 * extent (last minus first rank) of all dimensions inside it. That is what makes the ranks distinct,
 * the iteration order increasing, and {@link #contains} a single division per dimension; it costs
 * nothing for the sets that matter (grid classes are nested) and an interleaved shape such as
 * ScalaTrace's {@code <2 0 4 4 2 1>} is the same set as the nested {@code <2 0 2 1 4 4>}.
 *
 * <p>Equality is by representation (start, counts, strides), not by set: a section is a spelling.
 * {@link RankSet} is the value type that compares sets.
 */
public final class Section {

    /**
     * The most dimensions a section may have. Four covers every class of a stencil on grids of up to
     * four axes with one section; higher shapes are split into several sections, which stays exact.
     */
    public static final int MAX_DIMENSIONS = 4;

    private final int start;
    private final int[] counts;
    private final int[] strides;
    private final int size;
    private final int last;

    /**
     * A section from its start and its (count, stride) per dimension, outermost first. Throws
     * IllegalArgumentException unless: 1 to {@link #MAX_DIMENSIONS} dimensions, start >= 0, counts and
     * strides >= 1, nested (see the class comment), and the last rank within int.
     */
    public Section(int start, int[] counts, int[] strides) {
        this(start, counts.clone(), strides.clone(), problem(start, counts, strides, (long) Integer.MAX_VALUE + 1));
    }

    /**
     * A section from numbers {@link #problem} has passed, taking the arrays as they are: the trace reader,
     * which checks every section of a message once, and builds the arrays itself.
     */
    static Section checked(int start, int[] counts, int[] strides) {
        return new Section(start, counts, strides, null);
    }

    private Section(int start, int[] counts, int[] strides, String problem) {
        if (problem != null) throw new IllegalArgumentException(problem);
        this.start = start;
        this.counts = counts;
        this.strides = strides;
        long n = 1;
        long extent = 0;
        for (int k = 0; k < counts.length; k++) {
            n *= counts[k];
            extent += (long) (counts[k] - 1) * strides[k];
        }
        // problem() has checked that n and start + extent fit in int.
        this.size = (int) n;
        this.last = (int) (start + extent);
    }

    /** The 1-D section {@code <1 start count stride>}. */
    public static Section run(int start, int count, int stride) {
        return new Section(start, new int[] {count}, new int[] {stride});
    }

    /**
     * Why these numbers are not a section whose ranks all lie in [0, rankLimit), or null if they are.
     * Shared by the constructor and the trace reader so both reject the same things in the same words;
     * it checks before it multiplies, so absurd values cannot overflow.
     */
    static String problem(int start, int[] counts, int[] strides, long rankLimit) {
        if (counts.length != strides.length) return "counts and strides differ in length";
        int d = counts.length;
        if (d < 1 || d > MAX_DIMENSIONS) {
            return "dimension " + d + " is outside [1, " + MAX_DIMENSIONS + "]";
        }
        if (start < 0) return "start " + start + " is negative";
        if (start >= rankLimit) return "start " + start + " is not below " + rankLimit;
        long size = 1;
        for (int c : counts) {
            if (c < 1) return "count " + c + " is below 1";
            size *= c; // each factor < 2^31 and size kept < 2^31: no overflow
            if (size > Integer.MAX_VALUE) return "size passes 2^31 - 1 ranks";
        }
        long extent = 0;
        // Innermost first, so each stride is compared with the extent of what lies inside it.
        for (int k = d - 1; k >= 0; k--) {
            if (strides[k] < 1) return "stride " + strides[k] + " is below 1";
            if (counts[k] == 1) continue;
            if (strides[k] <= extent) {
                return "stride " + strides[k] + " does not exceed the extent " + extent
                        + " of the dimensions inside it";
            }
            long reach = (long) (counts[k] - 1) * strides[k]; // both < 2^31: no overflow
            if (start + extent + reach >= rankLimit) {
                return "last rank " + (start + extent + reach) + " is not below " + rankLimit;
            }
            extent += reach;
        }
        return null;
    }

    public int start() {
        return start;
    }

    /** The first (smallest) rank, the same as {@link #start()}. */
    public int first() {
        return start;
    }

    /** The last (largest) rank. */
    public int last() {
        return last;
    }

    public int size() {
        return size;
    }

    public int dimensions() {
        return counts.length;
    }

    /** Count of dimension k, 0 = outermost. */
    public int count(int k) {
        return counts[k];
    }

    /** Stride of dimension k, 0 = outermost. */
    public int stride(int k) {
        return strides[k];
    }

    /** The counts, outermost first (a copy). */
    public int[] counts() {
        return counts.clone();
    }

    /** The strides, outermost first (a copy). */
    public int[] strides() {
        return strides.clone();
    }

    /**
     * Whether the section holds this rank: nestedness means at most one index per dimension can fit,
     * found by one division, so the cost is O(dimensions) whatever the size.
     */
    public boolean contains(int rank) {
        if (rank < start || rank > last) return false;
        int rest = rank - start;
        for (int k = 0; k < counts.length; k++) {
            if (counts[k] == 1) continue;
            int i = rest / strides[k];
            if (i >= counts[k]) return false;
            rest -= i * strides[k];
        }
        return rest == 0;
    }

    /** Calls the action on every rank, in increasing order. */
    public void forEach(IntConsumer action) {
        forEachRun((first, count, stride) -> {
            int rank = first;
            for (int i = 0; i < count; i++, rank += stride) action.accept(rank);
        });
    }

    /** What {@link #forEachRun} hands over: one run of the innermost dimension. */
    @FunctionalInterface
    public interface RunAction {
        void accept(int first, int count, int stride);
    }

    /**
     * Calls the action on every run of the innermost dimension, in increasing order: one call per
     * combination of the outer indices, so a dense grid box costs one call per row, not per rank.
     */
    public void forEachRun(RunAction action) {
        int d = counts.length;
        int inner = d - 1;
        int innerCount = counts[inner];
        int innerStride = strides[inner];
        int[] index = new int[d];
        long base = start; // long: base + one more outer stride may pass int before it is undone
        while (true) {
            action.accept((int) base, innerCount, innerStride);
            int k = inner - 1;
            while (k >= 0) {
                base += strides[k];
                if (++index[k] < counts[k]) break;
                base -= (long) counts[k] * strides[k];
                index[k] = 0;
                k--;
            }
            if (k < 0) return;
        }
    }

    /** The ranks in increasing order. */
    public int[] toArray() {
        int[] out = new int[size];
        copyInto(out, 0);
        return out;
    }

    /** Writes the ranks in increasing order into out from offset on; returns the offset after them. */
    int copyInto(int[] out, int offset) {
        int[] at = {offset};
        forEach(r -> out[at[0]++] = r);
        return at[0];
    }

    /**
     * The canonical spelling of the same set: dimensions of count 1 dropped, and a dimension whose
     * stride equals count * stride of the one inside it fused with it (rows that touch are one longer
     * row). This is exactly what {@link RankCompressor} produces for a one-section set, which lets a
     * single section skip compression.
     */
    Section normalized() {
        if (isNormalized()) return this;
        int[] c = new int[counts.length];
        int[] s = new int[counts.length];
        int d = 0;
        // Innermost first into c/s, so the fusion test looks at the dimension just inside.
        for (int k = counts.length - 1; k >= 0; k--) {
            if (counts[k] == 1) continue;
            if (d > 0 && (long) c[d - 1] * s[d - 1] == strides[k]) {
                c[d - 1] *= counts[k]; // fits: it is the rank count of a valid section
                continue;
            }
            c[d] = counts[k];
            s[d] = strides[k];
            d++;
        }
        if (d == 0) return run(start, 1, 1);
        int[] outerFirstCounts = new int[d];
        int[] outerFirstStrides = new int[d];
        for (int k = 0; k < d; k++) {
            outerFirstCounts[k] = c[d - 1 - k];
            outerFirstStrides[k] = s[d - 1 - k];
        }
        return new Section(start, outerFirstCounts, outerFirstStrides);
    }

    /** Whether normalized() would give this section back: no count of 1 (but a single rank's) and nothing to fuse. */
    private boolean isNormalized() {
        if (counts.length == 1) return counts[0] > 1 || strides[0] == 1;
        for (int k = 0; k < counts.length; k++) {
            if (counts[k] == 1) return false;
            if (k > 0 && (long) counts[k] * strides[k] == strides[k - 1]) return false;
        }
        return true;
    }

    /** ScalaTrace notation, innermost dimension first: {@code <d start count stride ...>}. */
    @Override
    public String toString() {
        return notation(start, counts, strides);
    }

    /** The notation for numbers that may not make a valid section (for error messages). */
    static String notation(int start, int[] counts, int[] strides) {
        StringBuilder b = new StringBuilder().append('<').append(counts.length).append(' ').append(start);
        for (int k = counts.length - 1; k >= 0; k--) b.append(' ').append(counts[k]).append(' ').append(strides[k]);
        return b.append('>').toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Section other && start == other.start && Arrays.equals(counts, other.counts)
                && Arrays.equals(strides, other.strides);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * start + Arrays.hashCode(counts)) + Arrays.hashCode(strides);
    }
}
