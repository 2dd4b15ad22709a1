package org.mpjtrace.cli.format;

import java.io.PrintWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.cluster.MarkerState;

/**
 * A chameleon trace's clustering history as the {@code clusters} command prints it: one row per
 * acted-on marker (and F), each new clustering under the marker that made it, one row per cluster;
 * a marker that keeps an earlier clustering names the marker that made it instead of repeating it.
 */
public final class ClusterHistory {
    private static final String INDENT = "  ";
    private static final String CLUSTER_INDENT = "        ";

    private ClusterHistory() {}

    public static void print(PrintWriter out, String fileLabel, TraceFile trace) {
        MarkerLog log = trace.markers();
        String interim = MarkerLogText.interimNote(log);
        if (interim != null) out.println(interim);
        out.println(fileLabel + ": " + log.worldSize() + " ranks, " + ChameleonSettings.oneLine(trace.meta()));

        // Which record made each clustering: the first to name it.
        Map<Integer, MarkerRecord> madeAt = new HashMap<>();
        TextTable records = new TextTable(">marker", ">call", "state", ">changed", ">merged calls", ">merge ms", "clusters");
        for (MarkerRecord r : log.records()) {
            MarkerRecord maker = r.clustering() < 0 ? null : madeAt.putIfAbsent(r.clustering(), r);
            String clusters = r.clustering() < 0 ? "-" : maker == null ? "new" : "of marker " + maker.index();
            records.row(r.index(), r.markerCall(), r.state(), r.changedRanks(), r.mergedCalls(), Units.millis(r.mergeNanos()), clusters);
        }
        if (records.isEmpty()) {
            out.println(INDENT + "(no markers)");
        } else {
            List<String> lines = records.lines(INDENT);
            out.println(lines.get(0));
            for (int i = 0; i < log.records().size(); i++) {
                out.println(lines.get(i + 1));
                MarkerRecord r = log.records().get(i);
                if (r.clustering() >= 0 && madeAt.get(r.clustering()) == r) printClustering(out, log.clusteringOf(r));
            }
        }
        out.println("markers: " + MarkerLogText.stateCounts(log, MarkerState.AT, MarkerState.C, MarkerState.L, MarkerState.F));
    }

    /** The heading line, then lead, size, signature and members of each cluster. */
    private static void printClustering(PrintWriter out, Clustering c) {
        out.println(CLUSTER_INDENT + MarkerLogText.plural(c.clusters().size(), "cluster") + " (end-points "
                + (c.absoluteEndpoints() ? "absolute" : "relative") + ", clustered in " + Units.millis(c.nanos()) + " ms)");
        TextTable table = new TextTable(">lead", ">size", "Call-Path", ">src", ">dest", "ranks");
        for (Cluster k : c.clusters())
            table.row(k.lead(), k.members().size(), String.format("%016x", k.callPath()), Units.twoDecimals(k.src()),
                    Units.twoDecimals(k.dest()), k.members());
        table.print(out, CLUSTER_INDENT + INDENT);
    }
}
