package org.mpjtrace.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.mpjtrace.cli.export.StatsCsv;
import org.mpjtrace.cli.export.StatsJson;
import org.mpjtrace.cli.format.ClusteringSummary;
import org.mpjtrace.cli.format.GlobalSummary;
import org.mpjtrace.cli.format.StatsReport;
import org.mpjtrace.trace.TraceFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mpjtrace stats}: calls, bytes and time in MPJ per rank and op, and the tracer's own figures. */
@Command(name = "stats",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {"Summarises a trace file: calls, bytes and time in MPJ.", "",
                "Per rank and op, then per op over all ranks with a grand total, per thread for ranks whose threads "
                        + "called MPJ at once, then per rank the tracer's own figures (threads that called MPJ, its set-up time after MPI.Init, ring waits, internal errors, whether tracing was turned off).",
                "A full-mode trace first gets a compressed-trace summary: nodes and loops, the calls they stand for, "
                        + "the global trace's size, the file's and its bytes per rank, the trace memory per rank (peak, and "
                        + "averaged over markers: ACURDION's Table IV), the merge time at Finalize, the ratio against the "
                        + "dump of the same run (exact when it was kept with keepDump, else a lower bound), and time "
                        + "in MPJ per op from the timing summaries.",
                "A trace of a clustering mode (chameleon, acurdion, reference) gets the same summary (merges at markers "
                        + "instead of one at Finalize), then its clustering: marker rule, call frequency and K (and acurdion's choices), how many markers were in states C, L and AT, and per "
                        + "rank the trace memory held at markers in each state (AT, C, L, F: markers passed, mean and max "
                        + "bytes), ranks with the same figures on one row."})
final class StatsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "trace file")
    Path file;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (the report, default); json (the same figures as one JSON object: per_rank, per_op, total, "
                    + "per_thread, tracer); csv (one row per rank, thread and op: rank,thread,op,calls,bytes,time_ns, from "
                    + "the events the trace keeps)")
    String format;

    @Override
    public Integer call() throws Exception {
        return CommandBody.run(spec.commandLine().getErr(), () -> {
            if (!List.of("text", "json", "csv").contains(format))
                throw new BadInputException("unknown --format " + format + " (stats writes text, json or csv)");
            TraceFile trace = TraceFiles.load(file);
            PrintWriter out = spec.commandLine().getOut();
            if (format.equals("json")) StatsJson.write(trace, out);
            if (format.equals("csv")) StatsCsv.write(trace, out);
            if (!format.equals("text")) {
                out.flush();
                return ExitCodes.OK;
            }
            if (trace.global() != null) GlobalSummary.print(out, trace, java.nio.file.Files.size(file));
            if (trace.markers() != null) ClusteringSummary.print(out, trace);
            StatsReport.print(out, file.toString(), trace);
            out.flush();
            return ExitCodes.OK;
        });
    }
}
