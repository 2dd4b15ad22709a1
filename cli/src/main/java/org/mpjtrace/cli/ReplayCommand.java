package org.mpjtrace.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.mpjtrace.cli.format.TimedCalls;
import org.mpjtrace.cli.job.Installation;
import org.mpjtrace.cli.job.JobLauncher;
import org.mpjtrace.cli.job.JobRequest;
import org.mpjtrace.cli.job.ReplayJob;
import org.mpjtrace.cli.profile.Profile;
import org.mpjtrace.replay.ReplayMain;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mpjtrace replay}: runs an MPJ job that issues the traced calls again (ScalaReplay style). */
@Command(name = "replay",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {"Replays a trace: runs an MPJ job whose ranks issue the recorded calls again and prints its wall time.", "",
                "Each rank issues the calls its rank runs in the trace (in a clustered trace, its cluster lead's calls, with "
                        + "peers taken relative to its own rank; from what every rank keeps of its own, its arguments of "
                        + "communicator constructors and v-collectives, its peer at call sites where it never changed, and its "
                        + "own loop counts where the lead's differ), on the same communicators, with buffers of the recorded counts and "
                        + "datatypes, and computes (a busy wait) for the recorded computation between calls (the mean of each call's histogram, or "
                        + "draws from it with --timing sample; a dump's exact times, and so a trace of mode full kept with timing=lossless). "
                        + "Where the traced run had more ranks on a host than the replay machine has cores, a rank can have had a core for "
                        + "only part of each computation: the replay spins that part and sleeps the rest first (where the rest is 1 ms or more), "
                        + "and says how much. Where the ranks have a core each, every rank rebuilds its calls from the trace before the "
                        + "clock starts, so that rebuilding a call does not delay it (the line says so). A rank whose threads called MPJ at once replays each "
                        + "thread's calls on a thread of its own; where they took turns on one communicator, the replay of a dump or of a trace kept "
                        + "with timing=lossless takes the turns as the rank took them, and of other traces runs the threads free and says so; with those exact times, "
                        + "a thread whose time between two calls held another thread's end (a join) waits for that end, then computes the rest. "
                        + "The wall time is rank 0's, from MPI.Init (once every rank has prepared its calls) to "
                        + "MPI.Finalize.",
                "A trace that cannot be replayed as recorded (a rank count other than the recorded one, or an Abort) is "
                        + "refused before the job starts. Array arguments (v-collectives' counts, Create's group, topologies) are "
                        + "replayed as recorded; Pack and Unpack work on one buffer per rank, so an Unpack of received data stops "
                        + "the replay with one line. Waitany, Waitsome, Testany and Testsome get their array as the replay holds it "
                        + "(which of its requests they complete is the run's timing): a request the program had set to REQUEST_NULL "
                        + "when it saw it complete, and the replay has not finished, is passed again, those the replay finished go as "
                        + "REQUEST_NULL, and a Waitany or Waitsome left with none is made as a Testany or Testsome (MPJ would wait forever). A replay in which a rank waits for a message that never comes "
                        + "(a clustered trace whose members' peers or message counts differ from their lead's) is ended once the "
                        + "rank has waited --stall-after seconds in one call.",
                "With --mode the replay is itself traced, as mpjtrace run would trace a program."})
final class ReplayCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "trace file (any mode)")
    Path file;

    @Option(names = "-np", paramLabel = "N", description = "number of ranks: the recorded number (the default) is the only one that fits")
    Integer ranks;

    @Option(names = "--dev", paramLabel = "DEVICE", defaultValue = JobRequest.MULTICORE,
            description = "MPJ device: multicore or niodev (without --machines a daemon on localhost is started for the job) (default: ${DEFAULT-VALUE})")
    String device;

    @Option(names = "--machines", paramLabel = "FILE", description = "niodev machines file, one host per line, each running an MPJ daemon")
    Path machines;

    @Option(names = "--timing", paramLabel = "HOW", defaultValue = ReplayJob.MEAN,
            description = "compute time between calls: mean (each call's mean) or sample (drawn from each call's histogram) (default: ${DEFAULT-VALUE}); "
                    + "a dump, or a trace kept with timing=lossless, replays each call's own")
    String timing;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "seed of --timing sample's draws (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--stall-after", paramLabel = "SECONDS", defaultValue = "" + ReplayMain.DEFAULT_STALL_SECONDS,
            description = "end the replay as stalled (exit 1, one line naming the rank and its call) when a rank has waited this long "
                    + "in one call; happens when a clustered trace's members differ from their lead (default: ${DEFAULT-VALUE})")
    int stallSeconds;

    @Option(names = "--mode", paramLabel = "MODE", description = "trace the replay in this mode (as mpjtrace run --mode); default: not traced")
    String mode;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "with --mode: the replay's trace file (default: ReplayMain.mpjt)")
    Path output;

    @Option(names = "--quiet", description = "no progress line (one is shown on a terminal while the replay runs: rank 0's calls)")
    boolean quiet;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        return CommandBody.run(err, () -> {
            if (output != null && mode == null) throw new BadInputException("-o applies with --mode only (the replay is not traced otherwise)");
            if (ranks != null && ranks < 1) throw new BadInputException("-np must be at least 1, got " + ranks);
            TraceFile trace = TraceFiles.loadWhole(file, "replay");
            Installation installation = Installation.fromEnvironment();
            ReplayJob.Settings how = new ReplayJob.Settings(ranks == null ? 0 : ranks, device, machines, timing, seed, mode, output, stallSeconds, false);
            PrintWriter out = spec.commandLine().getOut();
            JobLauncher launcher = new JobLauncher(installation, err);
            Path status = quiet || System.console() == null ? null : Files.createTempFile("mpjtrace-replay-", ".progress");
            if (status != null) launcher.progressOn(System.err, status);
            ReplayJob.Outcome o;
            try {
                o = ReplayJob.run(installation, launcher, trace, file, how, out, err);
            } finally {
                if (status != null) Files.deleteIfExists(status);
            }
            if (o.exitCode() != ExitCodes.OK) return o.exitCode();
            out.printf("replay of %s: %d ranks (%s), wall time %.3f s%s%n", file, trace.meta().worldSize(), device, o.seconds(), tracedSpan(trace));
            out.flush();
            return ExitCodes.OK;
        });
    }

    /**
     * The same span of the traced run, as the trace holds it: rank 0's MPI.Init to MPI.Finalize, less the
     * tracer's set-up at MPI.Init, which the replay leaves out as not the program's ({@link Profile#programSpan};
     * stats' {@code app time} and {@code setup}); then the whole traced run, MPI.Init to the trace written.
     */
    private static String tracedSpan(TraceFile trace) {
        double whole = trace.meta().elapsedMillis() / 1000.0;
        RankTrace rank0 = trace.rank(0);
        if (rank0 == null) return String.format(" (the traced run took %.3f s, MPI.Init to trace written)", whole);
        long app = Profile.programSpan(trace, rank0, Profile.timesOf(trace, rank0));
        String how = TimedCalls.meanTimes(trace, rank0, false) ? " from its calls' mean times, which leave the tracer's set-up out"
                : " less the tracer's set-up";
        return String.format(" against the traced run's %.3f s (rank 0's MPI.Init to MPI.Finalize%s;"
                + " %.3f s MPI.Init to trace written)", Math.max(0, app) / 1e9, how, whole);
    }
}
