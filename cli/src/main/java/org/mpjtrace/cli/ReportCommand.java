package org.mpjtrace.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.mpjtrace.cli.export.output.AtomicOutput;
import org.mpjtrace.cli.format.MarkerLogText;
import org.mpjtrace.cli.progress.QuietOption;
import org.mpjtrace.cli.progress.RankProgress;
import org.mpjtrace.cli.report.HtmlReport;
import org.mpjtrace.trace.TraceFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mpjtrace report}: one self-contained HTML page about a trace; the page is {@link HtmlReport}. */
@Command(name = "report",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {"Writes one self-contained HTML page about a trace, to open in any browser with no network.", "",
                "The job; the profile of stats (per rank, the top 20 call sites, per op with imbalance); the "
                        + "communication heatmaps of heatmap in bytes and in messages; a timeline of rank 0's first 200 "
                        + "calls after MPI.Init and the same span on every rank (the first 64); the execution phases of each "
                        + "class of ranks, as phases finds them without --rank, when at most 2 million calls must be read one "
                        + "by one to find them (a compressed trace's loops whose iterations are alike count one iteration); "
                        + "for a clustering mode the "
                        + "markers over time with their states and the clusters of the last clustering. Pictures are inside "
                        + "the page. Heatmaps for up to 512 ranks.",
                "OUT is written under a temporary name in its folder and renamed at the end."})
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "trace file")
    Path file;

    @Option(names = "-o", paramLabel = "OUT.html", required = true, description = "the page to write")
    Path out;

    @Mixin
    QuietOption quiet;

    @Override
    public Integer call() throws Exception {
        return CommandBody.run(spec.commandLine().getErr(), () -> {
            TraceFile trace = TraceFiles.open(file);
            String interim = trace.markers() == null ? null : MarkerLogText.interimNote(trace.markers());
            if (interim != null) throw new BadInputException(file + ": " + interim + "; report needs the trace of a whole job");
            // No display needed: the pictures are drawn off-screen.
            System.setProperty("java.awt.headless", "true");
            String page;
            // Ranks read per rank of the job: the profile, the matrix, and the timeline's origins and rows.
            try (RankProgress progress = RankProgress.of("report", trace, 4, quiet.quiet())) {
                page = HtmlReport.of(progress.trace(trace), file.getFileName().toString());
            } catch (IllegalStateException e) {
                throw new BadInputException(file + ": cannot rebuild the ranks' calls: " + e.getMessage());
            }
            try (AtomicOutput o = AtomicOutput.create(out)) {
                try {
                    o.stream().write(page.getBytes(StandardCharsets.UTF_8));
                    o.commit();
                } catch (IOException e) {
                    throw new BadInputException(out + ": cannot write: " + e.getMessage());
                }
            }
            PrintWriter err = spec.commandLine().getErr();
            err.println("mpjtrace: wrote " + out + " (open it in a browser: file://" + out.toAbsolutePath() + ")");
            err.flush();
            return ExitCodes.OK;
        });
    }
}
