package org.mpjtrace.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.mpjtrace.cli.chart.Heatmap;
import org.mpjtrace.cli.export.output.AtomicOutput;
import org.mpjtrace.cli.export.MessageMatrix;
import org.mpjtrace.cli.format.MarkerLogText;
import org.mpjtrace.cli.progress.QuietOption;
import org.mpjtrace.cli.progress.RankProgress;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.TraceFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mpjtrace heatmap}: the rank-by-rank communication matrix as a PNG; the matrix is {@link MessageMatrix}, the picture {@link Heatmap}. */
@Command(name = "heatmap",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {"Draws who sent how much to whom: the rank-by-rank matrix of point-to-point messages as a PNG.", "",
                "A block per pair of ranks (sender down the side, receiver along the bottom), coloured by the bytes sent "
                        + "or the number of messages (--metric), with its colour scale beside it; white where nothing was sent. "
                        + "Every send op, the send side of Sendrecv and each persistent send request at every Start or Startall "
                        + "that starts it count, on every communicator (peers turned into world "
                        + "ranks); collectives are not drawn. A compressed trace's calls are rebuilt for every rank, a non-lead's "
                        + "from its lead's with its own peers and counts where its section keeps them. At most 4096 ranks.",
                "OUT is written under a temporary name in its folder and renamed at the end."})
final class HeatmapCommand implements Callable<Integer> {
    private static final int MAX_RANKS = 4096;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "trace file")
    Path file;

    @Option(names = "-o", paramLabel = "OUT.png", required = true, description = "the PNG to write")
    Path out;

    @Option(names = "--metric", paramLabel = "METRIC", defaultValue = "bytes", description = "bytes (default) or count (messages)")
    String metric;

    @Option(names = "--size", paramLabel = "WxH", defaultValue = "900x760", description = "the picture's size in pixels (default 900x760)")
    String size;

    @Mixin
    QuietOption quiet;

    @Override
    public Integer call() throws Exception {
        return CommandBody.run(spec.commandLine().getErr(), () -> {
            Heatmap.Metric m = switch (metric) {
                case "bytes" -> Heatmap.Metric.BYTES;
                case "count" -> Heatmap.Metric.COUNT;
                default -> throw new BadInputException("unknown --metric " + metric + " (heatmap draws bytes or count)");
            };
            int[] wh = size(size);
            TraceFile trace = TraceFiles.open(file);
            String interim = trace.markers() == null ? null : MarkerLogText.interimNote(trace.markers());
            if (interim != null) throw new BadInputException(file + ": " + interim + "; heatmap needs the trace of a whole job");
            MessageMatrix matrix;
            try (RankProgress progress = RankProgress.of("heatmap", trace, 1, quiet.quiet())) {
                matrix = MessageMatrix.of(progress.trace(trace), MAX_RANKS);
            } catch (IllegalArgumentException e) {
                throw new BadInputException(file + ": " + e.getMessage());
            } catch (IllegalStateException e) {
                throw new BadInputException(file + ": cannot rebuild the ranks' calls: " + e.getMessage());
            }
            // No display needed: the picture is drawn off-screen.
            System.setProperty("java.awt.headless", "true");
            JobMeta meta = trace.meta();
            String program = meta.mainClass().isEmpty() ? file.getFileName().toString() : meta.mainClass();
            String subtitle = meta.worldSize() + " ranks, mode " + meta.mode() + (trace.markers() != null ? ", non-leads as their leads" : "")
                    + (matrix.unplaced() > 0 ? ", " + matrix.unplaced() + " sends on communicators not drawn" : "");
            try (AtomicOutput o = AtomicOutput.create(out)) {
                try {
                    Heatmap.writePng(matrix, m, program + ": point-to-point " + (m == Heatmap.Metric.BYTES ? "bytes" : "messages"), subtitle,
                            wh[0], wh[1], o.stream());
                    o.commit();
                } catch (IOException e) {
                    throw new BadInputException(out + ": cannot write: " + e.getMessage());
                }
            }
            PrintWriter err = spec.commandLine().getErr();
            err.println("mpjtrace: wrote " + out + " (" + meta.worldSize() + " x " + meta.worldSize() + " ranks, " + m.name().toLowerCase() + ")");
            err.flush();
            return ExitCodes.OK;
        });
    }

    private static int[] size(String text) {
        String[] parts = text.split("x");
        try {
            if (parts.length == 2) {
                int w = Integer.parseInt(parts[0]), h = Integer.parseInt(parts[1]);
                if (w >= 200 && h >= 200 && w <= 10_000 && h <= 10_000) return new int[] {w, h};
            }
        } catch (NumberFormatException e) {
            // The message below says what is expected.
        }
        throw new BadInputException("--size must be WIDTHxHEIGHT in pixels, 200 to 10000 each, not " + text);
    }
}
