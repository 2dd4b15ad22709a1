package org.mpjtrace.cli.job;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;
import org.mpjtrace.cli.BadInputException;
import org.mpjtrace.cli.ExitCodes;
import org.mpjtrace.cli.format.MarkerLogText;
import org.mpjtrace.runtime.config.OutputPath;
import org.mpjtrace.runtime.config.TracerConfig;
import org.mpjtrace.trace.AgentKeys;
import org.mpjtrace.trace.TracingMode;
import org.mpjtrace.trace.cluster.ClusteringKeys;

/**
 * Runs one MPJ job through MPJ's starter, with or without the tracer agent, and judges the outcome:
 * the command {@code mpjtrace run} and the integration tests both use it.
 *
 * <p>Everything mpjtrace itself says goes to the {@code messages} sink as whole lines prefixed
 * "mpjtrace: " (the CLI passes stderr). The job's own output is passed on to this process's stdout and
 * stderr as it comes, unless {@link #captureOutput} redirects it, and read on its way for a rank's main
 * that threw ({@link JobOutput}). Nothing is thrown for expected failures: the
 * {@link JobResult} carries the exit code (0 ok, 1 job failed, 2 bad input) and the line was printed.
 */
public final class JobLauncher {
    /** Agent keys set by mpjtrace's own options; letting --agent-opts set them too would be ambiguous. */
    private static final Set<String> RESERVED_KEYS = Set.of(AgentKeys.MODE, AgentKeys.OUTPUT);
    private static final long KILL_GRACE_MILLIS = 5000;

    private final Installation installation;
    private final PrintWriter messages;
    private Path workDir;
    private OutputStream childOut;
    private OutputStream childErr;
    private Duration timeout;
    private Duration daemonTimeout = Duration.ofSeconds(60);

    private PrintStream progressTerminal;
    private Path progressStatus;

    public JobLauncher(Installation installation, PrintWriter messages) {
        this.installation = installation;
        this.messages = messages;
    }

    /**
     * Shows the job's progress on {@code terminal} while it runs, from the one-line status in
     * {@code status}: null there for the status the agent keeps beside the trace (ranks, markers, the
     * merge at the end). A null terminal, the default, shows none.
     */
    public JobLauncher progressOn(PrintStream terminal, Path status) {
        this.progressTerminal = terminal;
        this.progressStatus = status;
        return this;
    }

    /** The status file given to {@link #progressOn}, or null: the job's program writes it. */
    public Path progressStatus() {
        return progressTerminal == null ? null : progressStatus;
    }

    /** Runs the starter in {@code dir} (default: the current directory); relative paths are taken against it. */
    public JobLauncher workingDirectory(Path dir) {
        this.workDir = dir;
        return this;
    }

    /**
     * Copies the job's stdout and stderr to these streams instead of passing them through ({@code err}
     * may be the same stream as {@code out}, or null for the same).
     */
    public JobLauncher captureOutput(OutputStream out, OutputStream err) {
        this.childOut = out;
        this.childErr = err != null ? err : out;
        return this;
    }

    /** Kills the job (and reports it failed) when it runs longer than this; default: no limit. */
    public JobLauncher timeout(Duration limit) {
        this.timeout = limit;
        return this;
    }

    /** How long to wait for a local niodev daemon to come up (default 60 s). */
    public JobLauncher daemonTimeout(Duration limit) {
        this.daemonTimeout = limit;
        return this;
    }

    public JobResult run(JobRequest req) {
        Path dir = (workDir != null ? workDir : Path.of("")).toAbsolutePath().normalize();
        Path starterJar;
        Path mpjHome;
        Path machines = null;
        Path traceFile = null;
        String agentArg = null;
        try {
            // What the user wrote is checked before the installation, so a mistake is named first.
            check(req);
            String agentOptions = null;
            if (req.trace()) {
                traceFile = dir.resolve(req.outputOrDefault()).normalize();
                if (traceFile.toString().contains(","))
                    throw new BadInputException(req.outputOrDefault() + ": the trace path may not contain ',' (it separates agent options)");
                String outputProblem = OutputPath.problem(traceFile);
                if (outputProblem != null) throw new BadInputException(req.outputOrDefault() + ": " + outputProblem);
                agentOptions = StarterCommand.agentOptions(req.mode(), traceFile, extraAgentOptions(req));
                checkAgentOptions(agentOptions, dir);
            }
            if (req.machines() != null) {
                machines = dir.resolve(req.machines()).normalize();
                if (!Files.isRegularFile(machines)) throw new BadInputException(req.machines() + ": no such machines file");
            }
            mpjHome = installation.mpjHome();
            starterJar = installation.starterJar();
            if (agentOptions != null) agentArg = StarterCommand.agentArg(installation.tracerJar(), agentOptions);
            if (req.device().equals(JobRequest.NIODEV) && machines == null) installation.daemonJar();
            // Last, so that a mistake in the options or the installation is named first. With a machines file
            // the class path names the hosts' files, which need not be here.
            if (machines == null) {
                String programProblem = ProgramOnClassPath.problem(req.classpath(), req.mainClass(), dir);
                if (programProblem != null) throw new BadInputException(programProblem);
            }
        } catch (BadInputException e) {
            say(e.getMessage());
            return new JobResult(ExitCodes.BAD_INPUT, -1, null, null);
        }

        LocalDaemon daemon = null;
        try {
            if (req.device().equals(JobRequest.NIODEV) && machines == null) {
                try {
                    daemon = LocalDaemon.start(mpjHome, messages, daemonTimeout);
                } catch (DaemonException e) {
                    say("job failed: " + e.getMessage());
                    return new JobResult(ExitCodes.JOB_FAILED, -1, traceFile, null);
                }
                machines = daemon.machinesFile();
            }
            List<String> cmd = StarterCommand.build(starterJar, dir, req, machines,
                    StarterCommand.jobJavaOptions(System.getenv(StarterCommand.JOB_JAVA_OPTS)), agentArg);
            say("running " + req.mainClass() + " on " + req.ranks() + " ranks (" + req.device() + "), "
                    + (req.trace() ? "tracing to " + req.outputOrDefault() : "not tracing"));
            StuckJobWatch watch = daemon != null && daemon.ownsDaemon() ? new StuckJobWatch(daemon.handle(), daemon.endedEarlyNotes()) : null;
            return launch(cmd, dir, mpjHome, req, traceFile, watch);
        } finally {
            if (daemon != null) daemon.close();
        }
    }

    private void check(JobRequest req) {
        if (req.ranks() < 1) throw new BadInputException("-np must be at least 1, got " + req.ranks());
        if (!req.device().equals(JobRequest.MULTICORE) && !req.device().equals(JobRequest.NIODEV))
            throw new BadInputException("unknown device '" + req.device() + "' (expected multicore or niodev)");
        if (req.machines() != null && !req.device().equals(JobRequest.NIODEV))
            throw new BadInputException("--machines applies to --dev niodev only");
        if (req.mainClass() == null || req.mainClass().isBlank()) throw new BadInputException("no main class given");
        if (req.mainClass().startsWith("-"))
            throw new BadInputException("'" + req.mainClass() + "' is not a class name (options go before -cp CLASSPATH MAIN)");
        if (req.classpath() == null || req.classpath().isBlank()) throw new BadInputException("-cp needs a class path");
        if (TracingMode.of(req.mode()) == null)
            throw new BadInputException("unknown mode '" + req.mode() + "' (expected " + String.join(", ", TracingMode.keys()) + ")");
        String problem = req.clustering().problem();
        if (problem != null) throw new BadInputException(problem);
        Map<String, String> own = req.clustering().agentOptions();
        for (String key : own.keySet()) {
            String modes = modesNotTaking(key, req.mode());
            if (modes != null) throw new BadInputException(ClusteringOptions.optionFor(key) + " applies to " + modes + " only");
        }
        if (!req.agentOptions().isEmpty()) {
            for (String kv : req.agentOptions().split(",", -1)) {
                int eq = kv.indexOf('=');
                if (eq <= 0) throw new BadInputException("--agent-opts: '" + kv + "' is not key=value");
                String key = kv.substring(0, eq).trim();
                refuseReservedKey(key);
                String option = ClusteringOptions.optionFor(key);
                // Two values for one key would leave the winner to the agent's parser: refuse instead.
                if (own.containsKey(key))
                    throw new BadInputException("--agent-opts: '" + key + "' is already set by " + option + "; give it once");
                String modes = modesNotTaking(key, req.mode());
                if (modes != null) throw new BadInputException("--agent-opts: '" + key + "' applies to " + modes + " only");
            }
        }
    }

    /** {@code --agent-opts} may not set a key the command sets by an option of its own (mode, output): one line, exit 2. */
    public static void refuseReservedKey(String key) {
        if (RESERVED_KEYS.contains(key))
            throw new BadInputException("--agent-opts: set '" + key + "' with --" + (key.equals(AgentKeys.OUTPUT) ? "output (-o)" : key) + " instead");
    }

    /**
     * The agent's own parser on the options the ranks will get, so that what it would refuse in every
     * rank (a value out of range, a config file it cannot read) is refused here, before any job starts.
     * A config file named by a relative path is looked for in the job's folder, as the ranks will.
     */
    private static void checkAgentOptions(String agentOptions, Path dir) {
        StringJoiner resolved = new StringJoiner(",");
        for (String kv : agentOptions.split(",", -1)) {
            boolean config = kv.startsWith(AgentKeys.CONFIG + "=");
            resolved.add(config ? AgentKeys.CONFIG + "=" + dir.resolve(kv.substring(kv.indexOf('=') + 1).trim()) : kv);
        }
        try {
            TracerConfig.parse(resolved.toString());
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--agent-opts: " + e.getMessage());
        }
    }

    /** The modes that take a clustering key, e.g. "--mode chameleon or acurdion", when {@code mode} is not one of them; else null. */
    private static String modesNotTaking(String key, String mode) {
        List<TracingMode> modes = ClusteringKeys.modesOf(key);
        if (modes == null || modes.contains(TracingMode.of(mode))) return null;
        int last = modes.size() - 1;
        return "--mode " + (last == 0 ? modes.get(0).key : ClusteringKeys.keys(modes.subList(0, last)) + " or " + modes.get(last).key);
    }

    /** What goes after mode and output in the agent's options: --agent-opts, then the clustering settings. */
    static String extraAgentOptions(JobRequest req) {
        StringJoiner all = new StringJoiner(",");
        if (!req.agentOptions().isEmpty()) all.add(req.agentOptions());
        req.clustering().agentOptions().forEach((k, v) -> all.add(k + "=" + v));
        return all.toString();
    }

    private JobResult launch(List<String> cmd, Path dir, Path mpjHome, JobRequest req, Path traceFile, StuckJobWatch watch) {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().put("MPJ_HOME", mpjHome.toString());
        // The job's output is read on its way (JobOutput), to tell a rank's main that threw; its input is ours.
        if (childOut == null) pb.redirectInput(ProcessBuilder.Redirect.INHERIT);

        long startMillis = System.currentTimeMillis();
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            say("job failed: cannot start " + cmd.get(0) + ": " + e.getMessage());
            return new JobResult(ExitCodes.JOB_FAILED, -1, traceFile, null);
        }
        // When capturing (tests), the job gets an empty stdin: the test JVM's own stdin may be the test
        // runner's command channel, which a rank must not read from.
        if (childOut != null) closeQuietly(p.getOutputStream());
        // Ctrl-C or a kill of mpjtrace must not leave the starter's JVMs running.
        Thread hook = new Thread(() -> ProcessTrees.destroy(p.toHandle(), KILL_GRACE_MILLIS), "mpjtrace-job-stopper");
        Runtime.getRuntime().addShutdownHook(hook);
        JobOutput output = childOut == null ? JobOutput.start(p, System.out, System.err) : JobOutput.start(p, childOut, childErr);
        int exit;
        Path status = progressStatus != null ? progressStatus : req.trace() ? OutputPath.progressOf(traceFile) : null;
        JobProgress progress = progressTerminal != null && status != null ? JobProgress.on(progressTerminal, status) : null;
        try {
            exit = await(p, watch, progress, req.device().equals(JobRequest.NIODEV) ? output : null);
            output.join(KILL_GRACE_MILLIS);
        } finally {
            if (progress != null) progress.close();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down: the hook takes care of the job
            }
        }

        if (exit == TIMED_OUT) {
            say("job failed: still running after " + timeout.toSeconds() + " s, killed");
            return new JobResult(ExitCodes.JOB_FAILED, exit, traceFile, null);
        }
        if (exit == STUCK) {
            say("job failed: all rank JVMs exited but the MPJ starter kept waiting (see the job's output above), stopped it");
            return new JobResult(ExitCodes.JOB_FAILED, exit, traceFile, null);
        }
        if (exit == INTERRUPTED) {
            say("job failed: interrupted");
            return new JobResult(ExitCodes.JOB_FAILED, exit, traceFile, null);
        }
        String thrown = output.thrown();
        if (exit != 0 || thrown != null) {
            // A rank that ended before MPI.Finalize may still have left a trace saying so: name it too.
            ProducedTrace left = req.trace() ? new ProducedTrace(traceFile, req.outputOrDefault().toString(), startMillis) : null;
            String trace = left == null || !left.written() ? ""
                    : "; " + (left.problem() != null ? left.problem() : "trace written to " + req.outputOrDefault() + " (" + left.summary() + ")");
            // Multicore runs the ranks' JVM itself, so its exit code is the program's; niodev's starter ends with its own.
            String code = (req.device().equals(JobRequest.MULTICORE) ? "the job exited with code " : "the MPJ starter exited with code ") + exit;
            // A rank that threw may also have ended its JVM: its stack trace says more than the note.
            String stopped = "; its other ranks cannot finish without it, so the job was stopped";
            String why = thrown == null ? (exit == ENDED_EARLY ? watch.endedEarly() + stopped : code)
                    : "a rank's main threw " + thrown + " (its stack trace is above)" + (exit == THREW || exit == ENDED_EARLY ? stopped
                    : exit == 0 ? ", and MPJ Express ended the job with code 0" : "; " + code);
            say("job failed: " + why + trace);
            return new JobResult(ExitCodes.JOB_FAILED, exit, traceFile, null);
        }
        if (!req.trace()) {
            say("job finished");
            return new JobResult(ExitCodes.OK, exit, null, null);
        }
        ProducedTrace produced = new ProducedTrace(traceFile, req.outputOrDefault().toString(), startMillis);
        if (produced.problem() != null) {
            say("job failed: " + produced.problem());
            return new JobResult(ExitCodes.JOB_FAILED, exit, traceFile, null);
        }
        say("trace written to " + req.outputOrDefault() + " (" + produced.summary() + ")");
        if (produced.trace().markers() != null) for (String line : MarkerLogText.markerLines(produced.trace())) say(line);
        // A program that called MPI.Init again after MPI.Finalize: each later session has a file of its own.
        for (int session = 2; ; session++) {
            Path file = OutputPath.forSession(traceFile, session);
            String label = OutputPath.forSession(req.outputOrDefault(), session).toString();
            ProducedTrace later = new ProducedTrace(file, label, startMillis);
            if (!later.written()) break;
            say("session " + session + " (MPI.Init again after MPI.Finalize): trace written to " + label + " ("
                    + (later.problem() == null ? later.summary() : later.problem()) + ")");
        }
        String t = req.outputOrDefault().toString();
        say("next: mpjtrace stats " + t + " (the profile); mpjtrace report " + t + " -o " + stem(t) + ".html (one page: profile, heatmaps, "
                + "timeline); mpjtrace export " + t + " --format chrome -o " + stem(t) + ".json (Perfetto)");
        return new JobResult(ExitCodes.OK, exit, traceFile, produced.trace());
    }

    /** The trace's name without its .mpjt, for the files the next commands write beside it. */
    private static String stem(String trace) {
        return trace.endsWith(".mpjt") ? trace.substring(0, trace.length() - ".mpjt".length()) : trace;
    }

    private static final int TIMED_OUT = -2;
    private static final int INTERRUPTED = -3;
    private static final int STUCK = -4;
    private static final int THREW = -5;
    private static final int ENDED_EARLY = -6;
    private static final long POLL_MILLIS = 250;

    /**
     * The starter's exit code, or TIMED_OUT / STUCK / THREW / ENDED_EARLY / INTERRUPTED after killing it.
     *
     * @param threw the job's output, where a rank's main that threw stops the job (niodev, whose other ranks
     *              then wait for good); null to let the job end by itself (multicore: MPJ ends the JVM)
     */
    private int await(Process p, StuckJobWatch watch, JobProgress progress, JobOutput threw) {
        long deadline = timeout == null ? 0 : System.nanoTime() + timeout.toNanos();
        try {
            while (!p.waitFor(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                if (progress != null) progress.poll();
                boolean late = timeout != null && System.nanoTime() - deadline >= 0;
                int verdict = late ? TIMED_OUT : watch != null && watch.stuck() ? STUCK : threw != null && threw.thrown() != null ? THREW
                        : watch != null && watch.endedEarly() != null ? ENDED_EARLY : 0;
                if (verdict != 0) {
                    // Our daemon's rank JVMs first, so that their traces are written before the outcome is judged.
                    if (watch != null) watch.stopRanks(KILL_GRACE_MILLIS);
                    ProcessTrees.destroy(p.toHandle(), KILL_GRACE_MILLIS);
                    return verdict;
                }
            }
            return p.exitValue();
        } catch (InterruptedException e) {
            ProcessTrees.destroy(p.toHandle(), KILL_GRACE_MILLIS);
            Thread.currentThread().interrupt();
            return INTERRUPTED;
        }
    }

    private static void closeQuietly(OutputStream s) {
        try {
            s.close();
        } catch (IOException e) {
            // the job has already gone
        }
    }

    private void say(String line) {
        messages.println("mpjtrace: " + BadInputException.oneLine(line));
        messages.flush();
    }
}
