package org.mpjtrace.agent;

import java.lang.instrument.Instrumentation;
import org.mpjtrace.runtime.config.TracerConfig;
import org.mpjtrace.runtime.config.TracerLog;
import org.mpjtrace.runtime.rank.Tracer;

/**
 * Parses the agent's options, installs the tracer and registers the class rewriter. A bad option stops
 * the JVM before the application starts, with one line naming the key: tracing with options the user
 * did not mean would waste a whole job.
 */
final class AgentStartup {
    static final int EXIT_BAD_OPTION = 2;

    private AgentStartup() {}

    static void start(String args, Instrumentation inst) {
        TracerConfig config;
        try {
            config = TracerConfig.parse(args);
        } catch (IllegalArgumentException e) {
            TracerLog.line(e.getMessage());
            System.exit(EXIT_BAD_OPTION);
            return;
        }
        try {
            Tracer tracer = Tracer.install(config);
            inst.addTransformer(new MpjCallSiteTransformer(tracer.sites(), config.stackDepth), false);
        } catch (Throwable t) {
            TracerLog.line("could not start (" + TracerLog.describe(t) + "); the program runs untraced");
        }
    }
}
