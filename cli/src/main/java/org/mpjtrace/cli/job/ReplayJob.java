package org.mpjtrace.cli.job;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.cli.BadInputException;
import org.mpjtrace.cli.ExitCodes;
import org.mpjtrace.replay.CpuShare;
import org.mpjtrace.replay.ReplayMain;
import org.mpjtrace.replay.Replayability;
import org.mpjtrace.trace.TraceFile;

/**
 * Runs the replay of a trace as an MPJ job ({@link ReplayMain} from the CLI's own jar) and reads the
 * wall time rank 0 reports. Everything that can be checked before starting is: the rank count and
 * whether the trace can be replayed at all.
 */
public final class ReplayJob {
    /** Sample the compute times from their histograms instead of taking their means. */
    public static final String SAMPLE = "sample";
    public static final String MEAN = "mean";

    /**
     * @param exitCode mpjtrace's exit code
     * @param seconds  the replay's wall time (rank 0, MPI.Init to MPI.Finalize), or NaN when it did not finish
     * @param job      the launcher's result (with the replay's own trace when it was traced)
     */
    public record Outcome(int exitCode, double seconds, JobResult job) {}

    /**
     * How to replay.
     *
     * @param ranks    number of ranks, 0 for the trace's own (the only one that fits)
     * @param device   MPJ device
     * @param machines niodev machines file, or null for a daemon of our own on localhost
     * @param timing   {@link #MEAN} or {@link #SAMPLE}
     * @param seed     seed of the sampled compute times
     * @param mode     tracing mode of the replay itself, or null not to trace it
     * @param output   the replay's trace file when traced, or null for the default
     * @param stallSeconds how long a rank may wait in one call before the replay is ended as stalled
     * @param keptDump     replay the dump the file kept of its run ({@code keepDump=true}), not its trace
     */
    public record Settings(int ranks, String device, Path machines, String timing, long seed, String mode, Path output,
                           int stallSeconds, boolean keptDump) {
        /** Untraced, on this device, with mean compute times. */
        public static Settings of(String device, String timing) {
            return new Settings(0, device, null, timing, 1, null, null, ReplayMain.DEFAULT_STALL_SECONDS, false);
        }

        /** The same, replaying the file's kept dump. */
        public Settings ofKeptDump() {
            return new Settings(ranks, device, machines, timing, seed, mode, output, stallSeconds, true);
        }
    }

    private ReplayJob() {}

    /** {@code trace}: what the replay will read of {@code file} (with {@code how.keptDump()}, the kept dump alone), to check it first. */
    public static Outcome run(Installation installation, JobLauncher launcher, TraceFile trace, Path file, Settings how,
                              PrintWriter out, PrintWriter err) {
        int recorded = trace.meta().worldSize();
        int ranks = how.ranks() == 0 ? recorded : how.ranks();
        if (ranks != recorded)
            throw new BadInputException(file + ": was recorded on " + recorded + " ranks and replays on " + recorded + " only, not -np " + ranks);
        if (!how.timing().equals(MEAN) && !how.timing().equals(SAMPLE))
            throw new BadInputException("--timing must be mean or sample, not '" + how.timing() + "'");
        if (how.stallSeconds() < 1)
            throw new BadInputException("--stall-after must be at least 1 second, not " + how.stallSeconds());
        String problem = Replayability.problem(trace);
        if (problem != null) throw new BadInputException(file + ": cannot be replayed: " + problem);

        List<String> args = new ArrayList<>();
        args.add("trace=" + file.toAbsolutePath().normalize());
        args.add("timing=" + how.timing());
        args.add("seed=" + how.seed());
        args.add("stall=" + how.stallSeconds());
        if (how.keptDump()) args.add(ReplayMain.KEPT_DUMP + "=true");
        int cores = Runtime.getRuntime().availableProcessors();
        args.add(ReplayMain.CPU_SHARE + "=" + CpuShare.of(trace, 0, cores));
        args.add(ReplayMain.REBUILD_AHEAD + "=" + CpuShare.coreEach(trace, 0, cores));
        if (launcher.progressStatus() != null) args.add("progress=" + launcher.progressStatus());
        boolean traced = how.mode() != null;
        JobRequest req = new JobRequest(ranks, how.device(), how.machines(), traced ? how.mode() : JobRequest.DUMP, how.output(),
                "", ClusteringOptions.NONE, traced, installation.cliJar().toString(), ReplayMain.class.getName(), args);
        LineTee stdout = new LineTee(out, ReplayMain.REPORT), stderr = new LineTee(err, ReplayMain.REPORT);
        JobResult result = launcher.captureOutput(stdout, stderr).run(req);
        stdout.close();
        stderr.close();
        // What the ranks reported tells first: a rank that stopped the replay ends a multicore job with a code
        // other than 0, and niodev's starter exits 0 whatever its ranks did.
        List<String> reports = new ArrayList<>(stdout.found());
        reports.addAll(stderr.found());
        String line = null;
        boolean failed = false;
        for (String r : reports) {
            if (r.startsWith(ReplayMain.WALL_TIME)) line = r;
            else if (!r.startsWith(ReplayMain.NOTE)) failed = true;
        }
        if (!failed && result.exitCode() != ExitCodes.OK) return new Outcome(result.exitCode(), Double.NaN, result);
        if (failed || line == null) {
            err.println("mpjtrace: replay failed: " + (failed ? "a rank stopped it (see the job's output above)"
                    : "rank 0 did not report its wall time (see the job's output above)"));
            err.flush();
            return new Outcome(ExitCodes.JOB_FAILED, Double.NaN, result);
        }
        String rest = line.substring(ReplayMain.WALL_TIME.length());
        return new Outcome(ExitCodes.OK, Double.parseDouble(rest.substring(0, rest.indexOf(' '))), result);
    }
}
