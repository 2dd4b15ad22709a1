package org.mpjtrace.cli.format;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table with aligned columns, for the stats report. Numbers are right-aligned and text
 * left-aligned, like mpiP's reports, so columns can be compared by eye and cut with awk.
 */
public final class TextTable {
    private final String[] headers;
    private final boolean[] rightAligned;
    private final List<String[]> rows = new ArrayList<>();

    /** Columns named by their headers; a header starting with '>' is right-aligned (the '>' is dropped). */
    public TextTable(String... headers) {
        this.headers = new String[headers.length];
        this.rightAligned = new boolean[headers.length];
        for (int i = 0; i < headers.length; i++) {
            rightAligned[i] = headers[i].startsWith(">");
            this.headers[i] = rightAligned[i] ? headers[i].substring(1) : headers[i];
        }
    }

    public TextTable row(Object... cells) {
        if (cells.length != headers.length)
            throw new IllegalArgumentException(cells.length + " cells for " + headers.length + " columns");
        String[] text = new String[cells.length];
        for (int i = 0; i < cells.length; i++) text[i] = String.valueOf(cells[i]);
        rows.add(text);
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** Prints the header and the rows, each line indented by {@code indent}. */
    public void print(PrintWriter out, String indent) {
        for (String l : lines(indent)) out.println(l);
    }

    /**
     * The header and then each row as aligned lines, for callers that print something between rows
     * (the clusters command prints a clustering under the marker that made it).
     */
    public List<String> lines(String indent) {
        int[] width = new int[headers.length];
        for (int i = 0; i < headers.length; i++) width[i] = headers[i].length();
        for (String[] r : rows)
            for (int i = 0; i < r.length; i++) width[i] = Math.max(width[i], r[i].length());
        List<String> lines = new ArrayList<>(rows.size() + 1);
        lines.add(line(indent, headers, width));
        for (String[] r : rows) lines.add(line(indent, r, width));
        return lines;
    }

    private String line(String indent, String[] cells, int[] width) {
        StringBuilder sb = new StringBuilder(indent);
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) sb.append("  ");
            int pad = width[i] - cells[i].length();
            if (rightAligned[i]) sb.append(" ".repeat(pad)).append(cells[i]);
            else sb.append(cells[i]).append(" ".repeat(pad));
        }
        // Trailing blanks from a left-aligned last column are noise in files and diffs.
        int end = sb.length();
        while (end > 0 && sb.charAt(end - 1) == ' ') end--;
        sb.setLength(end);
        return sb.toString();
    }
}
