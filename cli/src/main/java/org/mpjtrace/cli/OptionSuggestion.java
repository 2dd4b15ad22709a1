package org.mpjtrace.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * "did you mean --mode?" for a misspelt option: the command's option name nearest to what was typed,
 * by edit distance (a transposition, as in {@code --mdoe}, counts as one edit), when it is near enough
 * to be a slip (at most a third of its length, and 2). Written here because picocli's own suggestions
 * are not public API and are made only for options it fails to match itself, which a MAIN that takes
 * the rest of the line never lets happen.
 */
final class OptionSuggestion {
    private OptionSuggestion() {}

    /** {@code " (did you mean --mode?)"}, or "" when no option is near. */
    static String of(String typed, CommandSpec command) {
        String option = typed.contains("=") ? typed.substring(0, typed.indexOf('=')) : typed;
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (OptionSpec o : command.options()) {
            for (String name : o.names()) {
                int d = distance(option, name);
                if (d < bestDistance) {
                    bestDistance = d;
                    best = name;
                }
            }
        }
        return best != null && bestDistance <= Math.min(2, Math.max(1, best.length() / 3)) ? " (did you mean " + best + "?)" : "";
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1))
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
            }
        }
        return d[a.length()][b.length()];
    }
}
