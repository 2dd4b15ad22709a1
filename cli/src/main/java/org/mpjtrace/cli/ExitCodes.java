package org.mpjtrace.cli;

/** The exit codes of every mpjtrace command. */
public final class ExitCodes {
    public static final int OK = 0;
    /** The MPJ job failed (its JVM, or niodev's starter, exited non-zero, or no usable trace came out of it), or a command ran out of memory. */
    public static final int JOB_FAILED = 1;
    /** Bad input: arguments, a missing or corrupt trace file, a missing MPJ_HOME or tracer jar. */
    public static final int BAD_INPUT = 2;

    private ExitCodes() {}
}
