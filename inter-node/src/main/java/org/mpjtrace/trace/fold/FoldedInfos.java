package org.mpjtrace.trace.fold;

import java.util.AbstractList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.RedOpInfo;

/**
 * A rank's table of communicators, datatypes or reduction ops (ids 0 to n - 1, in order of first use),
 * kept as folded columns of values, one a field, and read as a list. Why: a program that makes a
 * communicator every step (a Split or a Dup per iteration, freed at its end) had a row a step in memory
 * and in the file, which then grew with the run: examples' churn.ObjectChurn (a dup, a split and a datatype
 * a step, 4 ranks, mode full) wrote 4,834 B at 300 steps and 110,619 B at 3,000. Folded, its columns are
 * like {@code 4 [4 2]x3000} and the file is 1,042 and 1,043 B. Strings (a communicator's kind) are a palette
 * the column indexes. Immutable; rows are made on each {@link #get}.
 *
 * @param <I> the row's record
 */
public final class FoldedInfos<I> extends AbstractList<I> implements RandomAccess {
    /** The most rows a table holds (16 Mi): what a tracer registers and a reader accepts. */
    public static final int MAX_ROWS = 1 << 24;

    /** How a record is a row of long values (and strings by palette index), and back. */
    public interface Rows<I> {
        int width();

        int id(I info);

        void toRow(I info, long[] row, Palette palette);

        /** @param row the row's values, each already checked to fit what the field holds (an int, a palette index) */
        I fromRow(int id, long[] row, List<String> palette);

        /** The column that holds palette indexes, or -1. */
        default int paletteColumn() {
            return -1;
        }
    }

    /** The distinct strings of a table, in order of first use. */
    public static final class Palette {
        private final Map<String, Integer> index = new LinkedHashMap<>();

        public long indexOf(String s) {
            return index.computeIfAbsent(s, k -> index.size());
        }

        List<String> strings() {
            return List.copyOf(index.keySet());
        }
    }

    public static final Rows<CommInfo> COMMS = new Rows<>() {
        @Override public int width() { return 3; }
        @Override public int paletteColumn() { return 0; }
        @Override public int id(CommInfo c) { return c.id(); }
        @Override public void toRow(CommInfo c, long[] row, Palette p) {
            row[0] = p.indexOf(c.kind());
            row[1] = c.size();
            row[2] = c.rank();
        }
        @Override public CommInfo fromRow(int id, long[] row, List<String> palette) {
            return new CommInfo(id, palette.get((int) row[0]), (int) row[1], (int) row[2]);
        }
    };

    public static final Rows<DatatypeInfo> DATATYPES = new Rows<>() {
        @Override public int width() { return 3; }
        @Override public int id(DatatypeInfo d) { return d.id(); }
        @Override public void toRow(DatatypeInfo d, long[] row, Palette p) {
            row[0] = d.baseType();
            row[1] = d.byteSize();
            row[2] = d.size();
        }
        @Override public DatatypeInfo fromRow(int id, long[] row, List<String> palette) {
            return new DatatypeInfo(id, (int) row[0], (int) row[1], (int) row[2]);
        }
    };

    public static final Rows<RedOpInfo> REDOPS = new Rows<>() {
        @Override public int width() { return 1; }
        @Override public int id(RedOpInfo o) { return o.id(); }
        @Override public void toRow(RedOpInfo o, long[] row, Palette p) { row[0] = o.opCode(); }
        @Override public RedOpInfo fromRow(int id, long[] row, List<String> palette) { return new RedOpInfo(id, (int) row[0]); }
    };

    private final Rows<I> rows;
    private final List<String> palette;
    private final IndexedValues[] columns;
    private final long[] offsets;
    private final int size;

    /**
     * @param columns one a field, each holding {@code size} values, each value (plus its column's offset) what
     *                the field holds; a reader checks that ({@link IndexedValues#min()}, {@link IndexedValues#max()})
     * @param offsets added to each column's values as a row is made (a rank table's ranks relative to the rank's own)
     */
    public FoldedInfos(Rows<I> rows, List<String> palette, IndexedValues[] columns, long[] offsets, int size) {
        if (columns.length != rows.width() || offsets.length != rows.width()) throw new IllegalArgumentException("columns");
        for (IndexedValues c : columns) if (c.size() != size) throw new IllegalArgumentException("a column of " + c.size() + " values for " + size + " rows");
        this.rows = rows;
        this.palette = List.copyOf(palette);
        this.columns = columns.clone();
        this.offsets = offsets.clone();
        this.size = size;
    }

    /** The table of {@code infos}, whose ids must be their indexes. */
    public static <I> FoldedInfos<I> of(Rows<I> rows, List<I> infos) {
        if (infos instanceof FoldedInfos<I> f && f.rows == rows) return f;
        Builder<I> b = new Builder<>(rows);
        for (I info : infos) b.add(info);
        return b.build();
    }

    /** The same table with {@code by} added to column {@code column}'s values. */
    public FoldedInfos<I> shifted(int column, long by) {
        long[] o = offsets.clone();
        o[column] += by;
        return new FoldedInfos<>(rows, palette, columns, o, size);
    }

    public List<String> palette() {
        return palette;
    }

    /** Column {@code c}, without its offset. */
    public IndexedValues column(int c) {
        return columns[c];
    }

    /** What is added to column {@code c}'s values. */
    public long offset(int c) {
        return offsets[c];
    }

    @Override
    public I get(int index) {
        if (index < 0 || index >= size) throw new IndexOutOfBoundsException(index);
        long[] row = new long[columns.length];
        for (int c = 0; c < row.length; c++) row[c] = columns[c].get(index) + offsets[c];
        return rows.fromRow(index, row, palette);
    }

    @Override
    public int size() {
        return size;
    }

    /** Rows added one by one (a rank's tracer registering what it sees), folded as they come. */
    public static final class Builder<I> {
        private final Rows<I> rows;
        private final Palette palette = new Palette();
        private final ValueSeq[] seqs;
        private final long[] row;
        private int size;

        public Builder(Rows<I> rows) {
            this.rows = rows;
            this.seqs = new ValueSeq[rows.width()];
            for (int c = 0; c < seqs.length; c++) seqs[c] = new ValueSeq();
            this.row = new long[rows.width()];
        }

        /** @throws IllegalArgumentException when the row's id is not the next index */
        public void add(I info) {
            if (rows.id(info) != size) throw new IllegalArgumentException("row " + size + " has id " + rows.id(info));
            rows.toRow(info, row, palette);
            for (int c = 0; c < row.length; c++) seqs[c].append(row[c]);
            size++;
        }

        public int size() {
            return size;
        }

        /** The rows so far, as an immutable table; the builder goes on. */
        public FoldedInfos<I> build() {
            IndexedValues[] columns = new IndexedValues[seqs.length];
            for (int c = 0; c < seqs.length; c++) columns[c] = IndexedValues.of(seqs[c]);
            return new FoldedInfos<>(rows, palette.strings(), columns, new long[seqs.length], size);
        }
    }
}
