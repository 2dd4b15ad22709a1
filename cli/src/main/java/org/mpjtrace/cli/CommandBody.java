package org.mpjtrace.cli;

import java.io.PrintWriter;

/**
 * Runs a subcommand's work and turns {@link BadInputException} into one line on stderr and exit code 2.
 * Done inside each command rather than by a handler installed on the CommandLine, so the commands
 * behave the same when a test drives them through a plain {@code new CommandLine(new Main())}.
 */
final class CommandBody {

    interface Work {
        int run() throws Exception;
    }

    private CommandBody() {}

    static int run(PrintWriter err, Work work) throws Exception {
        try {
            return work.run();
        } catch (BadInputException e) {
            err.println("mpjtrace: " + e.getMessage());
            err.flush();
            return ExitCodes.BAD_INPUT;
        } catch (OutOfMemoryError e) {
            // A trace larger than the heap (decode or stats of a big dump, a Paraver export, which sorts every
            // call): one line that says how to give the command more, not a stack trace.
            err.println("mpjtrace: out of memory (the JVM's heap, -Xmx, is " + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MB); run it again with more, e.g. MPJTRACE_JAVA_OPTS=-Xmx8g bin/mpjtrace ...");
            err.flush();
            return ExitCodes.JOB_FAILED;
        }
    }
}
