package org.mpjtrace.trace.io;

/**
 * A trace file or payload that is not a well-formed mpjtrace file of a version this code reads: empty,
 * truncated, corrupt, or of another format. The message is one line naming the file (or "payload"),
 * where (section index and kind, byte offset) and what is wrong, fit to print as is.
 */
public final class TraceFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    public TraceFormatException(String message) {
        // One line whatever went into it: file names and library messages may hold line breaks.
        super(message.replaceAll("\\p{Cntrl}+", " ").strip());
    }

    /** "{source}: corrupt {section}: {detail}". */
    static TraceFormatException corrupt(String source, SectionRef where, String detail) {
        return new TraceFormatException(source + ": corrupt " + where + ": " + detail);
    }
}
