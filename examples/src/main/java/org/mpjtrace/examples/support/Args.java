package org.mpjtrace.examples.support;

/**
 * The {@code key=value} arguments and {@code --flags} of an example program. Programs get their arguments
 * from MPI.Init's return value, which in multicore mode differs from main's (MPJ prepends its own).
 */
public final class Args {
    private final String[] args;

    public Args(String[] args) {
        this.args = args;
    }

    /** The integer given as {@code key=value}, or {@code def} when absent. */
    public int getInt(String key, int def) {
        for (String a : args)
            if (a.startsWith(key + "=")) return Integer.parseInt(a.substring(key.length() + 1));
        return def;
    }

    /** The text given as {@code key=value}, or {@code def} when absent. */
    public String get(String key, String def) {
        for (String a : args)
            if (a.startsWith(key + "=")) return a.substring(key.length() + 1);
        return def;
    }

    /** Whether {@code flag} (e.g. {@code --calls}) appears anywhere among the arguments. */
    public boolean flag(String flag) {
        for (String a : args) if (a.equals(flag)) return true;
        return false;
    }
}
