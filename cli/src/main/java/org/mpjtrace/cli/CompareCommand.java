package org.mpjtrace.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.mpjtrace.cli.compare.Comparison;
import org.mpjtrace.cli.job.Installation;
import org.mpjtrace.cli.job.JobLauncher;
import org.mpjtrace.cli.job.JobRequest;
import org.mpjtrace.cli.job.ReplayJob;
import org.mpjtrace.trace.TraceFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mpjtrace compare}: how faithful trace B is to trace A (ACURDION's Table II and ACC). */
@Command(name = "compare",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {"Compares two traces of the same program: how much of A (the reference, e.g. mode full) B "
                + "(e.g. a clustered trace) reproduces, and how close their run times are.", "",
                "Each rank's calls of A and B are paired in order (a compressed trace is expanded for the rank, a "
                        + "clustered one from the rank's lead). Matching percentages, as in the ACURDION paper's Table II: "
                        + "COUNT (element counts of messages and collectives), LOOP (the fields of each rank's LOOP signature: "
                        + "mean iteration counts by nesting level), # EVENTS (calls), SRC and DEST (peers relative to the rank, "
                        + "receive and send side), TAG; and COMM (the communicator of messages and collectives, as each rank "
                        + "numbers its communicators), which the paper's table has not. A value counts as matched when B's call at the same place is the "
                        + "same op with the same value.",
                "ACC = 1 - |t - t'| / t, t for A and t' for B: of the traced runs' times (rank 0's MPI.Init to the trace "
                        + "written), or with --replay of the two traces' replays (run one after the other); 0 when B took over "
                        + "twice A's time.",
                "Traces of different rank counts are refused, and so are traces of different main classes (different "
                        + "programs) unless --force is given.",
                "With --kept-dump and one trace, traced with keepDump=true: the trace against the dump it kept of its own run "
                        + "(A is the dump, B the trace), for programs whose runs differ from one another, such as a master "
                        + "handing tasks to whichever worker asks first; LOOP (a dump has no loops) is not compared, nor ACC (one run) "
                        + "unless --replay compares the two replays: what the trace loses of the run's timing, without the "
                        + "difference between two runs that a comparison with another run's full trace includes."})
final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", description = "the reference trace")
    Path a;

    @Parameters(index = "1", arity = "0..1", paramLabel = "B", description = "the trace to compare with it (none with --kept-dump)")
    Path b;

    @Option(names = "--kept-dump", description = "compare trace A with the dump it kept of its own run (keepDump=true)")
    boolean keptDump;

    @Option(names = "--replay", description = "ACC of the replays' wall times instead of the traced runs' (see mpjtrace replay); "
            + "with --kept-dump, of the kept dump's replay and the trace's: one run, so what the trace loses of it and not what two runs differ by")
    boolean replay;

    @Option(names = "--dev", paramLabel = "DEVICE", description = "with --replay: MPJ device, multicore (default) or niodev")
    String device;

    @Option(names = "--timing", paramLabel = "HOW", description = "with --replay: mean (default) or sample (see mpjtrace replay)")
    String timing;

    @Option(names = "--rounds", paramLabel = "N", description = "with --replay: replay A and B N times each, in turn (A, B, A, B, ...), "
            + "and take ACC of the medians of their wall times (default 1). Two single replays on a shared machine differ by "
            + "what its scheduler gives them, and |t - t'| of two noisy times is larger on average than that of their medians")
    int rounds = 1;

    @Option(names = "--force", description = "compare traces of different main classes too (refused otherwise: they are different programs)")
    boolean force;

    @Option(names = "--proxy", description = "B traced a proxy of A's program (mpjtrace proxy): its main class may differ, and A's "
            + "wildcard receives (Recv, Probe, Iprobe from MPI.ANY_SOURCE) match B's receives from the rank whose message A's took, "
            + "which is the rank the proxy names")
    boolean proxy;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        return CommandBody.run(err, () -> {
            if (!replay && (device != null || timing != null || rounds != 1))
                throw new BadInputException((device != null ? "--dev" : timing != null ? "--timing" : "--rounds") + " applies with --replay only");
            if (rounds < 1) throw new BadInputException("--rounds must be at least 1, not " + rounds);
            if (keptDump && (b != null || proxy))
                throw new BadInputException("--kept-dump compares one trace with the dump it kept: give one trace, without "
                        + (b != null ? "a second" : "--proxy"));
            if (!keptDump && b == null) throw new BadInputException("give two traces, A and B (or one with --kept-dump)");
            TraceFile ta, tb;
            if (keptDump) {
                tb = TraceFiles.loadWhole(a, "compare");
                ta = tb.keptDump(); // the kept dump alone: no loops
                if (ta == null) throw new BadInputException(a + ": keeps no dump to compare with (trace with keepDump=true to keep one)");
                b = a;
            } else {
                ta = TraceFiles.loadWhole(a, "compare");
                tb = TraceFiles.loadWhole(b, "compare");
            }
            String mainA = ta.meta().mainClass(), mainB = tb.meta().mainClass();
            if (!force && !proxy && !mainA.equals(mainB))
                throw new BadInputException(a + " traced " + (mainA.isEmpty() ? "an unknown main class" : mainA) + ", " + b + " "
                        + (mainB.isEmpty() ? "an unknown one" : mainB) + ": different programs (--force compares them anyway)");
            Comparison c;
            try {
                c = Comparison.of(ta, tb, proxy);
            } catch (IllegalArgumentException e) {
                throw new BadInputException(a + " and " + b + ": " + e.getMessage());
            }
            PrintWriter out = spec.commandLine().getOut();
            out.printf("A: %s (%s, %d ranks)%nB: %s (mode %s, %d ranks)%n", a, keptDump ? "the dump it kept" : "mode " + ta.meta().mode(),
                    ta.meta().worldSize(), b, tb.meta().mode(), tb.meta().worldSize());
            c.print(out);
            out.flush();
            if (keptDump && !replay) {
                out.println("ACC not compared: A and B are one run (--replay compares their replays)");
                out.flush();
                return ExitCodes.OK;
            }
            double t, t2;
            String what;
            if (replay) {
                Installation installation = Installation.fromEnvironment();
                ReplayJob.Settings how = ReplayJob.Settings.of(device != null ? device : JobRequest.MULTICORE, timing != null ? timing : ReplayJob.MEAN);
                double[] as = new double[rounds], bs = new double[rounds];
                for (int i = 0; i < rounds; i++) {
                    if (rounds > 1) {
                        err.printf("mpjtrace compare: round %d of %d%n", i + 1, rounds);
                        err.flush();
                    }
                    ReplayJob.Outcome ra = ReplayJob.run(installation, new JobLauncher(installation, err), ta, a, keptDump ? how.ofKeptDump() : how, out, err);
                    if (ra.exitCode() != ExitCodes.OK) return ra.exitCode();
                    ReplayJob.Outcome rb = ReplayJob.run(installation, new JobLauncher(installation, err), tb, b, how, out, err);
                    if (rb.exitCode() != ExitCodes.OK) return rb.exitCode();
                    as[i] = ra.seconds();
                    bs[i] = rb.seconds();
                }
                if (rounds > 1) out.printf("replay wall times in s: A %s; B %s%n", seconds(as), seconds(bs));
                t = median(as);
                t2 = median(bs);
                what = rounds > 1 ? "medians of " + rounds + " replay wall times" : "replay wall times";
            } else {
                t = ta.meta().elapsedMillis() / 1000.0;
                t2 = tb.meta().elapsedMillis() / 1000.0;
                what = "traced runs' times";
            }
            if (!(t > 0)) throw new BadInputException(a + ": its time is " + t + " s: ACC is undefined");
            out.printf("ACC %.2f%% (%s: A %.3f s, B %.3f s%s)%n", Comparison.accuracy(t, t2), what, t, t2,
                    t2 > 2 * t ? "; B took over twice A's time: no accuracy" : "");
            out.flush();
            return ExitCodes.OK;
        });
    }

    /** The middle value, or the mean of the two middle ones. */
    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }

    private static String seconds(double[] v) {
        StringBuilder b = new StringBuilder();
        for (double x : v) b.append(b.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.3f", x));
        return b.toString();
    }
}
