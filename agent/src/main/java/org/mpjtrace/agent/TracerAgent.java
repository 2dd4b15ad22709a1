package org.mpjtrace.agent;

import java.lang.instrument.Instrumentation;

/** The agent's entry point ({@code -javaagent:tracer.jar=...}): it only hands off to {@link AgentStartup}. */
public final class TracerAgent {
    private TracerAgent() {}

    public static void premain(String args, Instrumentation inst) {
        AgentStartup.start(args, inst);
    }
}
