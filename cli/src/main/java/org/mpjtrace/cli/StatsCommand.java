package org.mpjtrace.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.mpjtrace.cli.export.ProfileCsv;
import org.mpjtrace.cli.export.StatsCsv;
import org.mpjtrace.cli.export.StatsJson;
import org.mpjtrace.cli.format.ClusteringSummary;
import org.mpjtrace.cli.format.GlobalSummary;
import org.mpjtrace.cli.format.StatsReport;
import org.mpjtrace.cli.profile.Profile;
import org.mpjtrace.cli.profile.ProfileText;
import org.mpjtrace.cli.progress.QuietOption;
import org.mpjtrace.cli.progress.RankProgress;
import org.mpjtrace.trace.TraceFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mpjtrace stats}: calls, bytes and time in MPJ per rank and op, and the tracer's own figures. */
@Command(name = "stats",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {"Profiles a trace file, in mpiP's spirit: where the job spent its time in MPJ.", "",
                "The profile: the job; per rank the app time (MPI.Init's end to MPI.Finalize's start) and the time in MPJ "
                        + "as min/mean/max over ranks, MPI.Init and MPI.Finalize apart (MPJ's start-up, not communication); "
                        + "the top call sites (Class.method:line and op) by time in MPJ over all ranks, with calls, %% of app "
                        + "time, mean, bytes and each rank's time there as min/mean/max; per op the same with its imbalance "
                        + "(max/mean over ranks). Every mode: a compressed trace's calls are rebuilt with its mean times, and in "
                        + "a clustered trace a non-lead's calls are its lead's with the peers, counts and loop counts its "
                        + "section keeps of its own, its times its lead's (the report says so).",
                "A full-mode trace then gets a compressed-trace summary: nodes and loops, the calls they stand for, "
                        + "the global trace's size, the file's and its bytes per rank, where the file's bytes are (each kind of section "
                        + "with its bytes, the largest first), the trace memory per rank (peak, and "
                        + "averaged over markers: ACURDION's Table IV), the merge time at Finalize, the ratio against the "
                        + "dump of the same run (exact when it was kept with keepDump, else a lower bound), and time "
                        + "in MPJ per op from the timing summaries.",
                "A trace of a clustering mode (chameleon, acurdion, reference) gets the same summary (merges at markers "
                        + "instead of one at Finalize), then its clustering: marker rule, call frequency and K (and acurdion's choices), how many markers were in states C, L and AT, and per "
                        + "rank the trace memory held at markers in each state (AT, C, L, F: markers passed, mean and max "
                        + "bytes), ranks with the same figures on one row.",
                "Last, per thread for ranks whose threads called MPJ at once, and the tracer's own figures (set-up after "
                        + "MPI.Init, to three significant figures, which a compressed trace keeps to 2.5%%; ring waits, internal "
                        + "errors; a row for each rank where tracing was turned off)."})
final class StatsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "trace file")
    Path file;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (the report, default); json (the same figures as one JSON object: ranks, callsites, ops, "
                    + "then per_rank, per_op, total, per_thread, tracer); csv (the call sites, one row each: "
                    + "site,op,calls,time_ns,bytes,ranks,rank_min_ns,rank_mean_ns,rank_max_ns; with --per-rank one row per "
                    + "rank, thread and op: rank,thread,op,calls,bytes,time_ns)")
    String format;

    @Option(names = "--top", paramLabel = "N", defaultValue = "20", description = "call sites in the profile (default 20)")
    int top;

    @Option(names = "--per-rank", description = "add the tables per rank and op, per op, and the tracer's figures per rank "
            + "(from the events a dump keeps)")
    boolean perRank;

    @Mixin
    QuietOption quiet;

    @Override
    public Integer call() throws Exception {
        return CommandBody.run(spec.commandLine().getErr(), () -> {
            if (!List.of("text", "json", "csv").contains(format))
                throw new BadInputException("unknown --format " + format + " (stats writes text, json or csv)");
            if (top < 1) throw new BadInputException("--top must be at least 1, not " + top);
            // Opened for streaming: the profile goes through the ranks one at a time.
            TraceFile trace = TraceFiles.open(file);
            PrintWriter out = spec.commandLine().getOut();
            Profile profile;
            try (RankProgress progress = RankProgress.of("stats", trace, 1, quiet.quiet())) {
                profile = Profile.of(progress.trace(trace));
            }
            if (format.equals("json")) StatsJson.write(trace, profile, out);
            if (format.equals("csv")) {
                if (perRank) StatsCsv.write(trace, out);
                else ProfileCsv.write(profile, out);
            }
            if (!format.equals("text")) {
                out.flush();
                return ExitCodes.OK;
            }
            ProfileText.print(out, file.toString(), profile, top);
            if (trace.global() != null) GlobalSummary.print(out, trace, file);
            if (trace.markers() != null) ClusteringSummary.print(out, trace);
            if (perRank) StatsReport.print(out, file.toString(), trace);
            else StatsReport.printBrief(out, trace);
            out.flush();
            return ExitCodes.OK;
        });
    }
}
