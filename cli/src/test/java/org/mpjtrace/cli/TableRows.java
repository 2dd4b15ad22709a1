package org.mpjtrace.cli;

import java.util.List;
import java.util.regex.Pattern;

/** Finds rows of the commands' aligned text tables by their cells, whatever the column widths. */
final class TableRows {
    private TableRows() {}

    /** The first line whose cells, split on blanks, start with these; fails naming the output when none does. */
    static String row(String out, String... cells) {
        return out.lines().filter(l -> l.matches(pattern(cells))).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + List.of(cells) + " in\n" + out));
    }

    /** Whether some line's cells start with these. */
    static boolean hasRow(String out, String... cells) {
        return out.lines().anyMatch(l -> l.matches(pattern(cells)));
    }

    private static String pattern(String... cells) {
        return "\\s*" + String.join("\\s+", List.of(cells).stream().map(Pattern::quote).toList()) + "(\\s.*)?";
    }
}
