package org.mpjtrace.runtime.config;

/**
 * The tracer's only voice: single lines on stderr, prefixed so users can tell them from their
 * program's output. Never called on the hot path.
 */
public final class TracerLog {
    private TracerLog() {}

    public static void line(String message) {
        System.err.println("mpjtrace: " + message);
    }

    /** A short description of an error for a one-line message: type and message, no stack. */
    public static String describe(Throwable t) {
        String m = t.getMessage();
        return t.getClass().getSimpleName() + (m == null ? "" : ": " + m.replace('\n', ' '));
    }
}
