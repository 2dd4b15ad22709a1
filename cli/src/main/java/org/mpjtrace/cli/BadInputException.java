package org.mpjtrace.cli;

/**
 * Something the user gave is wrong (an argument, a missing or corrupt file, an environment variable).
 * The message is one line naming what is wrong; the command prints it after "mpjtrace: " and exits 2,
 * with no stack trace, because the fix is on the user's side and a trace would only hide the message.
 */
public final class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BadInputException(String message) {
        super(oneLine(message), null, false, false);
    }

    /** Collapses line breaks and other control characters (from file names or library messages). */
    public static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\p{Cntrl}+", " ").strip();
    }
}
