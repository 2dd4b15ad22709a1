package org.mpjtrace.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.mpjtrace.cli.job.AttachClient;
import org.mpjtrace.cli.job.Installation;
import org.mpjtrace.cli.job.JobJvms;
import org.mpjtrace.cli.job.JobLauncher;
import org.mpjtrace.cli.job.StarterCommand;
import org.mpjtrace.runtime.config.OutputPath;
import org.mpjtrace.runtime.config.TracerConfig;
import org.mpjtrace.trace.TracingMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mpjtrace attach}: the tracer into an MPJ job that already runs (see {@link AttachClient}). */
@Command(name = "attach",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        customSynopsis = {"mpjtrace attach [--mode MODE] [-o FILE] [--agent-opts K=V,...] (PID... | --main-class CLASS)",
                "mpjtrace attach (--pause | --resume) (PID... | --main-class CLASS)"},
        description = {"Attaches the tracer to an MPJ job that is already running, without restarting it.", "",
                "Loads the agent into the job's JVM (multicore: one JVM runs every rank) or into each of its ranks' JVMs "
                        + "(niodev; --main-class finds them). The classes already loaded are rewritten, and each rank starts "
                        + "recording at its next MPJ call; communicators, datatypes and requests made before get their ids when "
                        + "first seen. The trace is written at MPI.Finalize, as by run, and says when the tracer was attached "
                        + "(decode: attached). Modes dump and full: the clustering modes' markers need every rank from MPI.Init on.",
                "A method already running at the attach keeps its old code until it is called again: calls made in the "
                        + "program's main itself are not seen, those in the methods it calls are. Put a time loop's body in a method.",
                "With --pause or --resume, switches the tracing of a JVM already traced (attached to, or started by run) off "
                        + "or on; the trace records the paused spans.",
                "Exit 0 when every JVM took the request, 1 when one refused it (its answer is printed), 2 on bad options."})
final class AttachCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PID", arity = "0..*", description = "process ids of the job's JVMs")
    List<Long> pids = new ArrayList<>();

    @Option(names = "--main-class", paramLabel = "CLASS",
            description = "attach to every JVM of this user whose command line names CLASS (the job's main class, fully qualified)")
    String mainClass;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "dump",
            description = "dump (every call of every rank) or full (loop-compressed, merged across ranks at the end) (default: ${DEFAULT-VALUE})")
    String mode;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "trace file (default: the main class's simple name + .mpjt, or job-PID.mpjt)")
    Path output;

    @Option(names = "--agent-opts", paramLabel = "K=V[,K=V...]", description = "more options for the agent, e.g. stackDepth=0 (not mode or output)")
    String agentOptions = "";

    @Option(names = "--pause", description = "pause the tracing of JVMs already traced")
    boolean pause;

    @Option(names = "--resume", description = "resume the tracing of JVMs already traced")
    boolean resume;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        return CommandBody.run(err, () -> {
            if ((mainClass == null) == pids.isEmpty()) throw new BadInputException("give the job's process ids or --main-class, not both");
            if (pause && resume) throw new BadInputException("--pause and --resume: give one");
            String request = pause || resume ? "control=" + (pause ? "pause" : "resume") : traceRequest();
            List<Long> targets = mainClass == null ? pids : JobJvms.withMainClass(mainClass);
            if (targets.isEmpty()) throw new BadInputException("no running JVM names " + mainClass + " on its command line");
            AttachClient client = new AttachClient(Installation.fromEnvironment().tracerJar());
            int refused = 0;
            for (long pid : targets) {
                String answer = client.attach(pid, request);
                boolean ok = answer.startsWith("ok");
                if (!ok) refused++;
                (ok ? out : err).println("mpjtrace: process " + pid + ": " + answer);
            }
            out.flush();
            err.flush();
            return refused == 0 ? ExitCodes.OK : ExitCodes.JOB_FAILED;
        });
    }

    /** The agent options to trace with, checked by the agent's own parser before any JVM is touched. */
    private String traceRequest() {
        TracingMode m = TracingMode.of(mode);
        if (m == null) throw new BadInputException("unknown mode '" + mode + "' (expected dump or full)");
        if (m.clusters())
            throw new BadInputException("attach traces in modes dump and full; mode " + m.key + " clusters at markers, which need every rank from MPI.Init on");
        for (String kv : agentOptions.isEmpty() ? new String[0] : agentOptions.split(",", -1))
            JobLauncher.refuseReservedKey(kv.contains("=") ? kv.substring(0, kv.indexOf('=')).trim() : kv.trim());
        Path file = (output != null ? output : Path.of(defaultName())).toAbsolutePath().normalize();
        String problem = OutputPath.problem(file);
        if (problem != null) throw new BadInputException("-o: " + problem);
        String options = StarterCommand.agentOptions(m.key, file, agentOptions);
        try {
            TracerConfig.parse(options);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--agent-opts: " + e.getMessage());
        }
        return options;
    }

    private String defaultName() {
        if (mainClass != null) return mainClass.substring(mainClass.lastIndexOf('.') + 1) + ".mpjt";
        return "job-" + pids.get(0) + ".mpjt";
    }
}
