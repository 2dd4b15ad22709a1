package org.mpjtrace.cli.job;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.cli.BadInputException;
import org.mpjtrace.cli.ExitCodes;
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

    private ReplayJob() {}

    /**
     * @param request what to run the replay as: ranks (0 for the trace's), device, machines, and when traced
     *                mode and output; its class path, main class and arguments are replaced
     */
    public static Outcome run(Installation installation, JobLauncher launcher, TraceFile trace, Path file, JobRequest request,
                              String timing, long seed, PrintWriter out, PrintWriter err) {
        int recorded = trace.meta().worldSize();
        int ranks = request.ranks() == 0 ? recorded : request.ranks();
        if (ranks != recorded)
            throw new BadInputException(file + ": was recorded on " + recorded + " ranks and replays on " + recorded + " only, not -np " + ranks);
        if (!timing.equals(MEAN) && !timing.equals(SAMPLE))
            throw new BadInputException("--timing must be mean or sample, not '" + timing + "'");
        String problem = Replayability.problem(trace);
        if (problem != null) throw new BadInputException(file + ": cannot be replayed: " + problem);

        List<String> args = new ArrayList<>();
        args.add("trace=" + file.toAbsolutePath().normalize());
        args.add("timing=" + timing);
        args.add("seed=" + seed);
        JobRequest req = new JobRequest(ranks, request.device(), request.machines(), request.mode(), request.output(),
                request.agentOptions(), request.clustering(), request.trace(), installation.cliJar().toString(),
                ReplayMain.class.getName(), args);
        LineTee stdout = new LineTee(out, ReplayMain.WALL_TIME);
        LineTee stderr = new LineTee(err, null);
        JobResult result = launcher.captureOutput(stdout, stderr).run(req);
        stdout.close();
        stderr.close();
        String line = stdout.found();
        if (result.exitCode() != ExitCodes.OK) return new Outcome(result.exitCode(), Double.NaN, result);
        if (line == null) {
            err.println("mpjtrace: replay failed: rank 0 did not report its wall time (see the job's output above)");
            err.flush();
            return new Outcome(ExitCodes.JOB_FAILED, Double.NaN, result);
        }
        String rest = line.substring(ReplayMain.WALL_TIME.length());
        return new Outcome(ExitCodes.OK, Double.parseDouble(rest.substring(0, rest.indexOf(' '))), result);
    }
}
