package org.mpjtrace.cli.job;

/**
 * Reads one output stream of a job, line by line, for the stack trace MPJ Express prints when a rank's main
 * method throws: {@code java.lang.reflect.InvocationTargetException}, the reflection frames of the call,
 * the frame of MPJ's code that called main (the multicore starter's rank thread, or niodev's
 * {@code runtime.daemon.Wrapper}), then {@code Caused by:} the program's exception. MPJ then ends a
 * multicore job with exit code 0, as if the program had succeeded, and leaves a niodev job's other ranks
 * waiting for good. A trace the program prints itself names its own frames before MPJ's, and is not one.
 */
final class ThrownInMain {
    private static final String HEAD = "java.lang.reflect.InvocationTargetException";
    /** MPJ Express 0.44's frames that call a rank's main: multicore, then niodev. */
    private static final String[] CALLERS = {"at runtime.starter.MulticoreStarter$1.run(", "at runtime.daemon.Wrapper.execute("};
    private static final String CAUSE = "Caused by: ";

    /** 0: no trace; 1: in the frames of one, before MPJ's; 2: MPJ's frame seen, the cause next. */
    private int state;

    /**
     * The next line of the stream, without its line end.
     *
     * @return the exception a rank's main threw (e.g. {@code java.lang.IllegalStateException: boom}) when this
     *         line completes MPJ's report of one; else null
     */
    String line(String line) {
        String s = line.strip();
        if (s.equals(HEAD)) {
            state = 1;
            return null;
        }
        if (state == 1 && s.startsWith("at ")) {
            if (isCaller(s)) state = 2;
            else if (!s.contains("reflect.")) state = 0;
            return null;
        }
        if (state == 2 && s.startsWith("at ")) return null;
        boolean cause = state == 2 && s.startsWith(CAUSE);
        state = 0;
        return cause ? s.substring(CAUSE.length()) : null;
    }

    private static boolean isCaller(String frame) {
        for (String c : CALLERS) if (frame.startsWith(c)) return true;
        return false;
    }
}
