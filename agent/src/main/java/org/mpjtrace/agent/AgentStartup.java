package org.mpjtrace.agent;

import java.lang.instrument.Instrumentation;
import org.mpjtrace.runtime.config.OutputPath;
import org.mpjtrace.runtime.config.TracerConfig;
import org.mpjtrace.runtime.config.TracerLog;
import org.mpjtrace.runtime.rank.Tracer;

/**
 * Parses the agent's options, installs the tracer and the class rewriting ({@link CallSiteAgent}). A bad option, or an
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
            String outputProblem = outputProblem(config);
            if (outputProblem != null) throw new IllegalArgumentException(outputProblem);
        } catch (IllegalArgumentException e) {
            TracerLog.line(e.getMessage());
            System.exit(EXIT_BAD_OPTION);
            return;
        }
        try {
            rewriting(Tracer.install(config), inst, false);
        } catch (Throwable t) {
            TracerLog.line("could not start (" + TracerLog.describe(t) + "); the program runs untraced");
        }
    }

    /**
     * {@code mpjtrace attach}: the agent loaded into a job that runs. Tracing starts at each rank's next call
     * (modes dump and full: the clustering modes' markers need every rank from MPI.Init on); the classes
     * already loaded are retransformed. With {@code control=pause} or {@code resume}, the tracer already in
     * the JVM is switched. Nothing here may stop the JVM: every problem is one line of answer.
     */
    static void attach(String args, Instrumentation inst) {
        AttachRequest req = AttachRequest.parse(args);
        String answer;
        try {
            answer = attachAnswer(req, inst);
        } catch (Throwable t) {
            answer = "error: could not attach (" + TracerLog.describe(t) + "); the program runs untraced";
        }
        req.answer(answer);
    }

    private static String attachAnswer(AttachRequest req, Instrumentation inst) {
        Tracer running = Tracer.get();
        if (req.control() != null) {
            if (running == null) return "error: mpjtrace is not tracing this JVM (attach it first)";
            switch (req.control()) {
                case "pause" -> running.tracingSwitch().pause();
                case "resume" -> running.tracingSwitch().resume();
                default -> {
                    return "error: unknown control '" + req.control() + "' (expected pause or resume)";
                }
            }
            return "ok: tracing " + (running.tracingSwitch().isPaused() ? "paused" : "resumed") + ", into " + running.config().output;
        }
        if (running != null) return "error: mpjtrace already traces this JVM, into " + running.config().output + " (pause or resume it instead)";
        TracerConfig config;
        try {
            config = TracerConfig.parse(req.options());
        } catch (IllegalArgumentException e) {
            return "error: " + e.getMessage();
        }
        if (config.mode.clusters())
            return "error: attach traces in modes dump and full; mode " + config.mode.key + " clusters at markers, which need every rank from MPI.Init on";
        String outputProblem = outputProblem(config);
        if (outputProblem != null) return "error: " + outputProblem;
        RewriteLog log = rewriting(Tracer.attach(config), inst, true);
        return "ok: tracing in mode " + config.mode.key + " from each rank's next call, into " + config.output
                + " (written at MPI.Finalize); " + log.rewrittenCount() + " classes rewritten";
    }

    /** Why no trace can be written where {@code config} says, as the agent key's error; null when it can. */
    private static String outputProblem(TracerConfig config) {
        String problem = OutputPath.problem(config.output);
        return problem == null ? null : "bad value for agent key 'output': " + problem;
    }

    /**
     * Installs the class rewriting for {@code tracer} and the report at exit; {@code attached}: also the hook
     * in MPJ's own MPI.Finalize, which calls from frames older than the attach reach no rewritten site.
     */
    private static RewriteLog rewriting(Tracer tracer, Instrumentation inst, boolean attached) {
        TracerConfig config = tracer.config();
        RewriteLog log = new RewriteLog();
        AgentLogFile logFile = AgentLogFile.beside(config.output);
        MpjOrigin origin = MpjOrigin.ofEnvironment();
        CallSiteAgent.install(inst, tracer.sites(), config.stackDepth, origin, log, logFile);
        if (attached) MpjFinalizeHook.install(inst, origin, new TransformReport(logFile));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> reportAtExit(tracer, log, logFile), "mpjtrace-report"));
        return log;
    }

    /**
     * A JVM that ran MPJ and recorded no MPI.Init writes no trace: say so and why, rather than nothing. A
     * JVM that did, and could not rewrite some class, points at the log that names them.
     */
    private static void reportAtExit(Tracer tracer, RewriteLog log, AgentLogFile logFile) {
        try {
            String why = tracer.ranks().isEmpty() ? log.whyNothingRecorded() : null;
            if (why != null) TracerLog.line(why + (logFile.used() ? "; see " + logFile.path() : ""));
            else if (logFile.used()) TracerLog.line("some classes could not be rewritten, so some calls are not traced; see " + logFile.path());
        } catch (Throwable t) {
            // At exit, with nothing recorded: nothing more to lose.
        }
    }
}
