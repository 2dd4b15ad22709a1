package org.mpjtrace.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.mpjtrace.cli.chart.DjsPlot;
import org.mpjtrace.cli.export.output.AtomicOutput;
import org.mpjtrace.cli.format.MarkerLogText;
import org.mpjtrace.cli.phases.AcrossRanks;
import org.mpjtrace.cli.phases.AcrossRanksText;
import org.mpjtrace.cli.phases.DjsCurve;
import org.mpjtrace.cli.phases.PhaseDetection;
import org.mpjtrace.cli.phases.PhaseMarkers;
import org.mpjtrace.cli.phases.PhasesJson;
import org.mpjtrace.cli.phases.PhasesText;
import org.mpjtrace.cli.phases.RankCalls;
import org.mpjtrace.cli.progress.QuietOption;
import org.mpjtrace.cli.progress.RankProgress;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code mpjtrace phases}: a rank's calls segmented into execution phases (the trace-segmentation paper);
 * without {@code --rank} every rank's, summarised as rank classes ({@link AcrossRanks}); with {@code --plot}
 * the root's D_JS curve as a PNG ({@link DjsPlot}).
 */
@Command(name = "phases",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {"Segments a rank's calls into execution phases, after the trace-segmentation paper.", "",
                "The rank's calls (a dump's records; for a full or clustered trace the calls rebuilt from it as replay makes "
                        + "them, a non-lead's from its lead's with what its section keeps of its own) become a sequence of communication patterns: loop bodies and other repeats "
                        + "of calls (op, call site, relative peer) within one user function (Class.method), a call "
                        + "that is part of none a pattern alone. That sequence is cut recursively where the "
                        + "Jensen-Shannon divergence between left and right is greatest, as long as the segmentation "
                        + "strength s (relative to the BIC threshold) is above --min-strength and some pattern in the "
                        + "segment occurs more than once (where each occurs once, D_JS depends only on where the cut is, "
                        + "so closing calls such as Reduce and Finalize stay one phase); the segmentation tree "
                        + "cut at level t gives the phases.",
                "Prints the patterns, the tree (each node's first and last position Ps, Pe, length l, D_JS, cut position pc, "
                        + "strength s) and the phases: first and last call index, calls, patterns, the user functions "
                        + "their calls come from (most calls first) and the time inside MPJ and computing. Without "
                        + "--threshold, t is the level whose cut has the greatest total strength (the sum of s over the cuts "
                        + "above it: with --min-strength 0, every leaf), and the output says which t it used.",
                "Without --rank (and without --plot) every rank is segmented, its call and pattern ids shared with the "
                        + "others, and the ranks whose phases have the same first and last call indices, patterns and t "
                        + "are printed together as a rank class: its ranks, t and phase table (times the mean over its ranks).",
                "--plot OUT.png draws the D_JS curve over the root segment (for each cut position, D_JS of left against "
                        + "right, the paper's Fig. 11) with the cuts of the phases marked, for --rank R (default 0).",
                "On rank 0 of a clustered trace (format 18 on) a last table gives, per phase, the states in which rank 0 "
                        + "acted on the clustering's markers, in order: marker auto follows a new loop by all tracing again "
                        + "(AT), then clustering (C), then leads alone (L), so a phase that starts a new loop starts with AT."})
final class PhasesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "trace file")
    Path file;

    @Option(names = "--rank", paramLabel = "R", description = "segment this rank alone and print its patterns, tree and phases "
            + "(default: every rank, summarised by rank class)")
    Integer rank;

    @Option(names = "--threshold", paramLabel = "T", description = "cut the tree at level T, 0 (one phase) to the tree's "
            + "height (every leaf); default: chosen from the tree")
    Integer threshold;

    @Option(names = "--min-strength", paramLabel = "S", defaultValue = "0",
            description = "cut a segment only where its strength s is above S (default 0, the BIC criterion; more gives fewer phases)")
    double minStrength;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (default): patterns, tree and phase table; json: one JSON object")
    String format;

    @Option(names = "--plot", paramLabel = "OUT.png", description = "also draw the root's D_JS curve with the cuts marked, "
            + "for --rank R (default 0), as a PNG")
    Path plot;

    @Mixin
    QuietOption quiet;

    @Override
    public Integer call() throws Exception {
        return CommandBody.run(spec.commandLine().getErr(), () -> {
            if (!format.equals("text") && !format.equals("json"))
                throw new BadInputException("unknown --format " + format + " (phases writes text or json)");
            if (!Double.isFinite(minStrength)) throw new BadInputException("--min-strength must be a number, not " + minStrength);
            if (threshold != null && threshold < 0) throw new BadInputException("--threshold must be 0 or more, not " + threshold);
            // Every rank: streamed, one rank decoded at a time; one rank: loaded.
            TraceFile trace = rank == null && plot == null ? TraceFiles.open(file) : TraceFiles.load(file);
            if (trace.global() != null && trace.markers() != null) {
                String interim = MarkerLogText.interimNote(trace.markers());
                if (interim != null) throw new BadInputException(file + ": " + interim + "; its ranks' calls cannot be rebuilt one by one");
            }
            PrintWriter out = spec.commandLine().getOut();
            if (rank == null && plot == null) {
                AcrossRanks a;
                try (RankProgress progress = RankProgress.of("phases", trace, 1, quiet.quiet())) {
                    a = AcrossRanks.of(progress.trace(trace), threshold, minStrength);
                } catch (IllegalArgumentException | IllegalStateException e) {
                    throw new BadInputException(file + ": " + e.getMessage());
                }
                if (format.equals("json")) PhasesJson.writeClasses(a, out);
                else AcrossRanksText.print(out, file.toString(), a, threshold != null);
                return ExitCodes.OK;
            }
            int rank = this.rank == null ? 0 : this.rank;
            RankTrace section = trace.rank(rank);
            if (section == null) throw new BadInputException(file + ": no rank " + rank + " in this trace (" + RankSets.describe(trace) + ")");
            RankCalls calls;
            try {
                calls = RankCalls.read(trace, section);
            } catch (IllegalStateException e) {
                throw new BadInputException(file + ": cannot rebuild rank " + rank + "'s calls: " + e.getMessage());
            }
            if (calls.size() == 0) throw new BadInputException(file + ": rank " + rank + " made no MPJ calls: no phases to find");
            PhaseDetection d;
            try {
                d = PhaseDetection.of(calls, threshold, minStrength);
            } catch (IllegalArgumentException e) {
                throw new BadInputException(file + ": rank " + rank + ": " + e.getMessage());
            }
            if (plot != null) plot(d);
            // Rank 0 of a clustered trace: where the markers fell among its phases (format 18 on).
            PhaseMarkers markers = rank == 0 ? PhaseMarkers.of(d.phases(), trace.markers()) : null;
            if (format.equals("json")) PhasesJson.write(d, markers, out);
            else PhasesText.print(out, file.toString(), d, markers);
            return ExitCodes.OK;
        });
    }

    /** Writes the --plot PNG of {@code d}'s root, the cuts between its phases marked. */
    private void plot(PhaseDetection d) {
        int[] cuts = new int[d.phases().size() - 1];
        for (int i = 0; i < cuts.length; i++) cuts[i] = d.phases().get(i).segment().end();
        double[] curve = DjsCurve.of(d.patterns().symbols());
        // No display needed: the picture is drawn off-screen.
        System.setProperty("java.awt.headless", "true");
        String title = "D_JS over rank " + d.calls().rank() + "'s pattern sequence";
        String subtitle = file.getFileName() + ": " + d.patterns().occurrences() + " pattern occurrences, " + d.phases().size()
                + " phases at t=" + d.threshold() + " (dashed: their cuts)";
        try (AtomicOutput o = AtomicOutput.create(plot)) {
            try {
                DjsPlot.writePng(curve, cuts, title, subtitle, 900, 500, o.stream());
                o.commit();
            } catch (IOException e) {
                throw new BadInputException(plot + ": cannot write: " + e.getMessage());
            }
        }
        PrintWriter err = spec.commandLine().getErr();
        String marked = cuts.length == 0 ? "no cut: one phase"
                : "the phases' cuts marked at pc = " + Arrays.stream(cuts).mapToObj(Integer::toString)
                        .collect(Collectors.joining(", "));
        err.println("mpjtrace: wrote " + plot + " (D_JS at " + curve.length + " cut positions; " + marked + ")");
        err.flush();
    }
}
