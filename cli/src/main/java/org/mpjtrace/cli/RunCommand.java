package org.mpjtrace.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.mpjtrace.cli.job.ClusteringOptions;
import org.mpjtrace.cli.job.Installation;
import org.mpjtrace.cli.job.JobLauncher;
import org.mpjtrace.cli.job.JobRequest;
import org.mpjtrace.trace.AgentKeys;
import org.mpjtrace.trace.TimingMode;
import org.mpjtrace.trace.TracingMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mpjtrace run}: runs an MPJ program under the tracer agent (see {@link JobLauncher}). */
@Command(name = "run",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        customSynopsis = "mpjtrace run [OPTIONS] -cp CLASSPATH MAIN [ARGS...]",
        description = {"Runs an MPJ program under the tracer and writes one trace file.", "",
                "Starts the job with the tracer agent in every rank: multicore, the JVM that runs the ranks, as MPJ Express's "
                        + "starter would start it (so the job's exit code is the program's: a program that exits with 3 is "
                        + "reported as failed with that code); niodev, through MPJ's starter and daemons. Everything after "
                        + "MAIN is passed to the program. Needs MPJ_HOME (bin/mpjtrace sets it).",
                "Before it starts a job it checks every agent option, that the trace's folder takes a new file, that every "
                        + "class path entry exists and one holds MAIN (not with --machines: the path is then the hosts'), and "
                        + "that no option is misspelt (one that is gets the option it was near): exit 2, one line, no job.",
                "Options marked with modes apply to those modes only. The clustering modes (chameleon, acurdion, reference) "
                        + "merge at markers: a job killed there still leaves the trace merged up to its last marker. A job that "
                        + "ends before MPI.Finalize (System.exit, a rank that throws, SIGTERM, Ctrl-C) leaves its trace up to "
                        + "then, which says how the job ended; run then reports the job as failed (exit 1) and names the trace. "
                        + "A rank whose main throws is read from the stack trace MPJ prints for it and fails the job, traced or "
                        + "not (MPJ's multicore starter ends such a job with 0); on niodev run then stops the job, whose other "
                        + "ranks MPJ leaves waiting for good, as it does when a traced rank's JVM ends before MPI.Finalize."})
final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "-np", paramLabel = "N", defaultValue = "4", description = "number of ranks (default: ${DEFAULT-VALUE})")
    int ranks;

    @Option(names = "--dev", paramLabel = "DEVICE", defaultValue = JobRequest.MULTICORE,
            description = "MPJ device: multicore (ranks are threads of one JVM) or niodev (one JVM per rank; "
                    + "without --machines a daemon on localhost is started for the job) (default: ${DEFAULT-VALUE})")
    String device;

    @Option(names = "--machines", paramLabel = "FILE",
            description = "niodev machines file, one host per line, each running an MPJ daemon")
    Path machines;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = JobRequest.DUMP,
            description = "tracing mode: dump (every call of every rank), full (loop-compressed, merged across ranks at the end), "
                    + "chameleon (the ranks cluster at markers on Call-Path and end-points, then one lead per cluster traces; merged online), "
                    + "acurdion (as chameleon, clustering on eleven signatures chosen adaptively) or reference (as chameleon, one cluster "
                    + "per distinct event sequence: the comparison baseline) (default: ${DEFAULT-VALUE})")
    String mode;

    @Option(names = "--marker", paramLabel = "RULE",
            description = "modes chameleon, acurdion, reference: which calls are markers: auto (the tracer finds the time-step loop "
                    + "from the collectives all ranks call, or from each rank's own calls when the loop has none; the default), barrier (every Barrier on COMM_WORLD), site:CLASS.METHOD "
                    + "(the collectives called in that method; CLASS full or simple name), site:CLASS.METHOD:LINE (the one at that line), "
                    + "or none (cluster once, at MPI.Finalize)")
    String marker;

    @Option(names = "--call-frequency", paramLabel = "N", description = "modes chameleon, acurdion, reference: act on every N-th marker call only (marker auto chooses its own intervals)")
    Integer callFrequency;

    @Option(names = {"-k", "--leads"}, paramLabel = "N",
            description = "modes chameleon, acurdion: K, the number of leads (clusters) that keep tracing after clustering; more when the "
                    + "ranks' Call-Paths outnumber it (default 9)")
    Integer leads;

    @Option(names = "--distance", paramLabel = "METRIC", description = "mode acurdion: manhattan (default) or euclidean")
    String distance;

    @Option(names = "--step", paramLabel = "STEP",
            description = "mode acurdion: double (default: split by Call-Path first, so no call is lost) or single (all signatures at once)")
    String step;

    @Option(names = "--selector", paramLabel = "SELECTOR", description = "mode acurdion: farthest (K-farthest, default) or medoids (K-medoids)")
    String selector;

    @Option(names = "--timing", paramLabel = "TIMING",
            description = "the compressed modes (full, chameleon, acurdion, reference): aggregate (each call site's count, mean, min "
                    + "and max time: the smallest files), histogram (also quantiles; the default), lossy (also every call's own "
                    + "duration and the interval before it, within a relative error --epsilon, per thread, on every rank) or lossless "
                    + "(the same, exactly); decode --expand, the exports, stats, replay and proxy then use them")
    String timing;

    @Option(names = "--epsilon", paramLabel = "E",
            description = "with --timing lossy: the relative error of each kept time, 0.001 to 1 (default 0.05; below 1 us at most 1 us)")
    String epsilon;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "trace file (default: MAIN's simple name + .mpjt)")
    Path output;

    @Option(names = "--agent-opts", paramLabel = "K=V[,K=V...]",
            description = "more options for the agent, e.g. ringSize=65536 (not mode or output; a key set by its own option, "
                    + "such as k by -k, may not be given here too)")
    String agentOptions = "";

    @Option(names = "--no-trace", description = "run the same job without the agent (for comparisons)")
    boolean noTrace;

    @Option(names = "--quiet", description = "no progress line (one is shown on a terminal while the job runs: ranks, markers, the merge)")
    boolean quiet;

    @Option(names = {"-cp", "-classpath", "--class-path"}, paramLabel = "CLASSPATH", required = true,
            description = "the program's class path")
    String classpath;

    @Parameters(index = "0..*", arity = "1..*", paramLabel = "MAIN", parameterConsumer = RestOfCommandLine.class,
            description = "main class, then its arguments")
    List<String> command = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        return CommandBody.run(spec.commandLine().getErr(), () -> {
            JobRequest req = JobRequest.of(classpath, command.get(0), command.subList(1, command.size()))
                    .withRanks(ranks).withDevice(device).withMachines(machines).withMode(mode)
                    .withOutput(output).withAgentOptions(withTiming()).withTrace(!noTrace)
                    .withClustering(new ClusteringOptions(marker, callFrequency, leads, distance, step, selector));
            return new JobLauncher(Installation.fromEnvironment(), spec.commandLine().getErr())
                    .progressOn(quiet || System.console() == null ? null : System.err, null).run(req).exitCode();
        });
    }

    /** The agent options with --timing's and --epsilon's keys added; the agent's parser, run before the job, checks the values. */
    private String withTiming() {
        if (epsilon != null && !"lossy".equals(timing)) throw new BadInputException("--epsilon applies with --timing lossy only");
        if (timing == null) return agentOptions;
        TimingMode t = TimingMode.of(timing);
        if (t == null) throw new BadInputException("--timing: '" + timing + "' is not a timing (expected " + String.join(" or ", TimingMode.keys()) + ")");
        if (TracingMode.DUMP.is(mode) && t != TimingMode.HISTOGRAM)
            throw new BadInputException("--timing " + t.key + " applies to the compressed modes (full, chameleon, acurdion, reference); a dump keeps every call's times");
        String options = withKey(agentOptions, AgentKeys.TIMING, timing, "--timing");
        return epsilon == null ? options : withKey(options, AgentKeys.EPSILON, epsilon, "--epsilon");
    }

    /** {@code options} with {@code key=value}, refused when they set the key already. */
    private static String withKey(String options, String key, String value, String option) {
        for (String kv : options.split(","))
            if (kv.trim().startsWith(key + "="))
                throw new BadInputException("--agent-opts: '" + key + "' is already set by " + option + "; give it once");
        return options.isEmpty() ? key + "=" + value : options + "," + key + "=" + value;
    }
}
