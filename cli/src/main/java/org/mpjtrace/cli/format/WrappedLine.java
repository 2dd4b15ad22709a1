package org.mpjtrace.cli.format;

/**
 * One line of a listing, broken between its items so that it fits a terminal: no line is wider than
 * {@link #WIDTH} columns unless one item alone is. An item too wide for a line of its own is broken
 * where a per-rank value has a next alternative (before {@code " | "}). Continuation lines are indented
 * past the line's first column so that they read as the same entry. A Stencil3D trace on 8 ranks had
 * event lines of over 600 columns, whose per-rank peers a terminal cut off or wrapped mid-value.
 */
final class WrappedLine {
    static final int WIDTH = 160;

    private final StringBuilder text = new StringBuilder();
    private final String continuation;
    private int lineStart;

    /** @param head the line's start, never broken; continuation lines are indented {@code indent} columns */
    WrappedLine(String head, int indent) {
        text.append(head);
        continuation = "\n" + " ".repeat(indent);
    }

    /** Appends {@code item} after {@code separator}, on a new line if it does not fit on this one. */
    WrappedLine add(String separator, String item) {
        if (width() + separator.length() + item.length() <= WIDTH) {
            text.append(separator).append(item);
            return this;
        }
        String[] alternatives = item.split(" (?=\\| )");
        if (width() > continuation.length() - 1) newLine();
        else text.append(separator);
        text.append(alternatives[0]);
        for (int i = 1; i < alternatives.length; i++) {
            if (width() + 1 + alternatives[i].length() > WIDTH) newLine();
            else text.append(' ');
            text.append(alternatives[i]);
        }
        return this;
    }

    private int width() {
        return text.length() - lineStart;
    }

    private void newLine() {
        text.append(continuation);
        lineStart = text.length() - (continuation.length() - 1);
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
