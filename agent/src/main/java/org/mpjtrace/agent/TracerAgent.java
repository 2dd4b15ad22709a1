package org.mpjtrace.agent;

import java.lang.instrument.Instrumentation;

/**
 * The agent's entry points: {@code -javaagent:tracer.jar=...} at the JVM's start, and {@code mpjtrace attach}
 * into a JVM that runs. Each only hands off to {@link AgentStartup}.
 */
public final class TracerAgent {
    private TracerAgent() {}

    public static void premain(String args, Instrumentation inst) {
        AgentStartup.start(args, inst);
    }

    public static void agentmain(String args, Instrumentation inst) {
        AgentStartup.attach(args, inst);
    }
}
