package org.mpjtrace.agent;

import java.lang.instrument.Instrumentation;
import org.mpjtrace.runtime.config.OutputPath;
import org.mpjtrace.runtime.config.TracerConfig;
import org.mpjtrace.runtime.config.TracerLog;
import org.mpjtrace.runtime.rank.Tracer;

/**
 * Parses the agent's options, installs the tracer and registers the class rewriter. A bad option, or an
 * output path no trace can be written at, stops the JVM before the application starts (exit code 2),
 * with one line naming the key: tracing with options the user did not mean, or to where the trace is
 * lost at the end, would waste a whole job. ({@code mpjtrace run} checks the same before it starts
 * one; MPJ's own starter, though, ends with 0 whatever its rank JVMs' codes.)
 */
final class AgentStartup {
    static final int EXIT_BAD_OPTION = 2;

    private AgentStartup() {}

    static void start(String args, Instrumentation inst) {
        TracerConfig config;
        try {
            config = TracerConfig.parse(args);
            String outputProblem = OutputPath.problem(config.output);
            if (outputProblem != null) throw new IllegalArgumentException("bad value for agent key 'output': " + outputProblem);
        } catch (IllegalArgumentException e) {
            TracerLog.line(e.getMessage());
            System.exit(EXIT_BAD_OPTION);
            return;
        }
        try {
            Tracer tracer = Tracer.install(config);
            MpjCallSiteTransformer transformer = new MpjCallSiteTransformer(tracer.sites(), config.stackDepth);
            inst.addTransformer(transformer, false);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> reportIfNothingRecorded(tracer, transformer.log()), "mpjtrace-report"));
        } catch (Throwable t) {
            TracerLog.line("could not start (" + TracerLog.describe(t) + "); the program runs untraced");
        }
    }

    /** A JVM that ran MPJ and recorded no MPI.Init writes no trace: say so and why, rather than nothing. */
    private static void reportIfNothingRecorded(Tracer tracer, RewriteLog log) {
        try {
            if (!tracer.ranks().isEmpty()) return;
            String why = log.whyNothingRecorded();
            if (why != null) TracerLog.line(why);
        } catch (Throwable t) {
            // At exit, with nothing recorded: nothing more to lose.
        }
    }
}
