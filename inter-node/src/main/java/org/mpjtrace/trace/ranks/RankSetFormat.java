package org.mpjtrace.trace.ranks;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The binary form of a {@link RankSet} in a trace file: the ranklist notation number for number, as
 * unsigned varints ({@link Varint}):
 * <pre>
 *   sectionCount
 *   per section:  dimension  start  (count stride) per dimension, innermost first
 * </pre>
 * so {@code <2 9 6 1 6 8>} is the bytes 1 2 9 6 1 6 8, and the empty set is the single byte 0.
 * Varints because almost every number here is small: a whole regular set is a handful of bytes.
 *
 * <p>Reading checks everything against the world size before it trusts a number: the section count
 * against the world (each section holds a rank of its own), the dimension against
 * {@link Section#MAX_DIMENSIONS}, counts and strides at least 1, each section nested, its size within
 * int and its last rank below the world size (all by {@link Section#problem}), and each section
 * starting after the previous one ends, which makes them disjoint without expanding them. Nothing is
 * allocated from a count before it has passed these checks; a set that passes holds at most worldSize
 * ranks.
 */
final class RankSetFormat {

    private RankSetFormat() {}

    static void write(List<Section> sections, DataOutput out) throws IOException {
        Varint.write(out, sections.size());
        for (Section s : sections) {
            int d = s.dimensions();
            Varint.write(out, d);
            Varint.write(out, s.start());
            for (int k = d - 1; k >= 0; k--) {
                Varint.write(out, s.count(k));
                Varint.write(out, s.stride(k));
            }
        }
    }

    static RankSet read(DataInput in, int worldSize) throws IOException {
        if (worldSize < 0) throw new IllegalArgumentException("negative world size " + worldSize);
        int n = Varint.read(in, () -> "section count");
        if (n > worldSize) {
            throw new RankSetFormatException("rank set: " + n + " sections cannot fit in a world of "
                    + worldSize + " ranks");
        }
        List<Section> sections = new ArrayList<>(Math.min(n, 16));
        Section previous = null;
        for (int i = 1; i <= n; i++) {
            // The names of the numbers are built only for an error message: a message of many sections is read often.
            int section = i;
            Supplier<String> where = () -> "section " + section + " of " + n;
            int d = Varint.read(in, () -> where.get() + ": dimension");
            if (d < 1 || d > Section.MAX_DIMENSIONS) {
                throw new RankSetFormatException("rank set " + where.get() + ": dimension " + d + " is outside [1, "
                        + Section.MAX_DIMENSIONS + "]");
            }
            int start = Varint.read(in, () -> where.get() + ": start");
            int[] counts = new int[d];
            int[] strides = new int[d];
            for (int j = 1; j <= d; j++) {
                int dim = j;
                counts[d - j] = Varint.read(in, () -> where.get() + ": count " + dim);
                strides[d - j] = Varint.read(in, () -> where.get() + ": stride " + dim);
            }
            String problem = Section.problem(start, counts, strides, worldSize);
            if (problem != null) {
                throw new RankSetFormatException("rank set " + where.get() + " " + Section.notation(start, counts, strides)
                        + ": " + problem);
            }
            Section s = Section.checked(start, counts, strides);
            if (previous != null && s.first() <= previous.last()) {
                throw new RankSetFormatException("rank set " + where.get() + " " + s + ": starts at rank " + s.first()
                        + ", not after rank " + previous.last() + " where section " + (i - 1)
                        + " ends (sections overlap or are out of order)");
            }
            sections.add(s);
            previous = s;
        }
        return RankSet.ofCheckedSections(sections);
    }
}
