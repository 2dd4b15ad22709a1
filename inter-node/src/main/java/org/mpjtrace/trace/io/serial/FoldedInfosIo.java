package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.fold.FoldedInfos;
import org.mpjtrace.trace.fold.IndexedValues;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.io.value.CorruptDataException;
import org.mpjtrace.trace.io.value.Counts;
import org.mpjtrace.trace.io.value.Strings;

/**
 * Version 23: a rank's communicator, datatype or reduction-op table ({@link FoldedInfos}) as its folded
 * columns:
 *
 * <pre>
 *   rows       varint, at most {@link FoldedInfos#MAX_ROWS}
 *   palette    varint count, then each string (Strings); the communicators' kinds, else empty
 *   columns    one a field (communicators: kind as a palette index, size, rank; datatypes: base type, byte
 *              size, size; reduction ops: op code), each a value sequence's elements (ValueElements)
 *              holding exactly rows values
 * </pre>
 *
 * Row i's id is i. A reader checks every column's range from its runs' ends (an int; a palette index
 * within the palette) without expanding it, and keeps it folded: the rows a file claims cost no memory
 * until read, so a damaged count cannot make the reader allocate for it.
 */
final class FoldedInfosIo {
    private FoldedInfosIo() {}

    /** {@code infos}' columns, each value with its column's offset added. */
    static <I> void write(Output out, FoldedInfos.Rows<I> rows, List<I> infos) {
        FoldedInfos<I> t = FoldedInfos.of(rows, infos);
        out.writeVarInt(t.size(), true);
        out.writeVarInt(t.palette().size(), true);
        for (String s : t.palette()) Strings.write(out, s);
        for (int c = 0; c < rows.width(); c++) ValueElements.write(out, shifted(t.column(c).elements(), t.offset(c)));
    }

    /**
     * Reads a table written by {@link #write}. Every column must fit an int (the palette's column an index
     * into the palette), except {@code relativeColumn} (-1 for none), whose range the caller checks.
     */
    static <I> FoldedInfos<I> read(Input in, FoldedInfos.Rows<I> rows, int relativeColumn, String what) {
        int n = in.readVarInt(true);
        if (n < 0 || n > FoldedInfos.MAX_ROWS)
            throw new CorruptDataException(what + " table of " + Integer.toUnsignedString(n) + " rows (at most " + FoldedInfos.MAX_ROWS + ")");
        int strings = Counts.read(in, Strings.MIN_BYTES, what + " palette string");
        List<String> palette = new ArrayList<>(strings);
        for (int i = 0; i < strings; i++) palette.add(Strings.read(in));
        IndexedValues[] columns = new IndexedValues[rows.width()];
        for (int c = 0; c < columns.length; c++) {
            try {
                columns[c] = new IndexedValues(ValueElements.read(in, 0));
            } catch (ArithmeticException e) {
                throw new CorruptDataException(what + " table column " + c + " overflows a long");
            }
            if (columns[c].size() != n) throw new CorruptDataException(what + " table column " + c + " holds " + columns[c].size() + " values for " + n + " rows");
            if (n == 0 || c == relativeColumn) continue;
            long least = c == rows.paletteColumn() ? 0 : Integer.MIN_VALUE;
            long greatest = c == rows.paletteColumn() ? palette.size() - 1 : Integer.MAX_VALUE;
            if (columns[c].min() < least || columns[c].max() > greatest)
                throw new CorruptDataException(what + " table column " + c + " has values " + columns[c].min() + " to " + columns[c].max()
                        + ", outside " + least + " to " + greatest);
        }
        return new FoldedInfos<>(rows, palette, columns, new long[columns.length], n);
    }

    private static List<ValueSeq.Elem> shifted(List<ValueSeq.Elem> elements, long by) {
        if (by == 0) return elements;
        List<ValueSeq.Elem> out = new ArrayList<>(elements.size());
        for (ValueSeq.Elem e : elements) {
            if (e instanceof ValueSeq.Run r) out.add(new ValueSeq.Run(r.start() + by, r.stride(), r.length()));
            else out.add(ValueSeq.repetition(((ValueSeq.Rep) e).count(), shifted(((ValueSeq.Rep) e).body(), by)));
        }
        return out;
    }
}
