package org.mpjtrace.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.mpjtrace.cli.format.MarkerLogText;
import org.mpjtrace.cli.phases.PhaseDetection;
import org.mpjtrace.cli.phases.PhasesJson;
import org.mpjtrace.cli.phases.PhasesText;
import org.mpjtrace.cli.phases.RankCalls;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mpjtrace phases}: one rank's calls segmented into execution phases (the trace-segmentation paper). */
@Command(name = "phases",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {"Segments one rank's calls into execution phases, after the trace-segmentation paper.", "",
                "The rank's calls (a dump's records; for a full or clustered trace the calls rebuilt from it, a non-lead's "
                        + "from its lead's) become a sequence of communication patterns: loop bodies and other repeats "
                        + "of calls (op, call site, relative peer) within one user function (Class.method), a call "
                        + "that is part of none a pattern alone. That sequence is cut recursively where the "
                        + "Jensen-Shannon divergence between left and right is greatest, as long as the segmentation "
                        + "strength s (relative to the BIC threshold) is above --min-strength; the segmentation tree "
                        + "cut at level t gives the phases.",
                "Prints the patterns, the tree (each node's first and last position Ps, Pe, length l, D_JS, cut position pc, "
                        + "strength s) and the phases: first and last call index, calls, patterns, the user functions "
                        + "their calls come from (most calls first) and the time inside MPJ and computing. Without "
                        + "--threshold, t is the level whose cut has the greatest total strength (the sum of s over the cuts "
                        + "above it: with --min-strength 0, every leaf), and the output says which t it used."})
final class PhasesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "trace file")
    Path file;

    @Option(names = "--rank", paramLabel = "R", defaultValue = "0", description = "the rank to segment (default 0; phases are found one rank at a time)")
    int rank;

    @Option(names = "--threshold", paramLabel = "T", description = "cut the tree at level T, 0 (one phase) to the tree's "
            + "height (every leaf); default: chosen from the tree")
    Integer threshold;

    @Option(names = "--min-strength", paramLabel = "S", defaultValue = "0",
            description = "cut a segment only where its strength s is above S (default 0, the BIC criterion; more gives fewer phases)")
    double minStrength;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (default): patterns, tree and phase table; json: one JSON object")
    String format;

    @Override
    public Integer call() throws Exception {
        return CommandBody.run(spec.commandLine().getErr(), () -> {
            if (!format.equals("text") && !format.equals("json"))
                throw new BadInputException("unknown --format " + format + " (phases writes text or json)");
            if (!Double.isFinite(minStrength)) throw new BadInputException("--min-strength must be a number, not " + minStrength);
            if (threshold != null && threshold < 0) throw new BadInputException("--threshold must be 0 or more, not " + threshold);
            TraceFile trace = TraceFiles.load(file);
            if (trace.global() != null && trace.markers() != null) {
                String interim = MarkerLogText.interimNote(trace.markers());
                if (interim != null) throw new BadInputException(file + ": " + interim + "; its ranks' calls cannot be rebuilt one by one");
            }
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
            PrintWriter out = spec.commandLine().getOut();
            if (format.equals("json")) PhasesJson.write(d, out);
            else PhasesText.print(out, file.toString(), d);
            return ExitCodes.OK;
        });
    }
}
