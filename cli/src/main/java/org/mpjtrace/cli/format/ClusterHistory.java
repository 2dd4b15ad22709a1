package org.mpjtrace.cli.format;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.signatures.cluster.LoopSignature;
import org.mpjtrace.signatures.cluster.Signature;
import org.mpjtrace.signatures.cluster.SignatureFormat;
import org.mpjtrace.signatures.cluster.SignatureVector;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.TracingMode;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.cluster.MarkerState;

/**
 * The clustering history of a trace of a clustering mode as the {@code clusters} command prints it: one row per
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
        String mode = trace.meta().mode();
        out.println(fileLabel + ": " + log.worldSize() + " ranks, mode " + mode + ", " + ClusteringSettings.oneLine(trace));

        // Which record made each clustering: the first to name it.
        Map<Integer, MarkerRecord> madeAt = new HashMap<>();
        // Format 18 on: at which of rank 0's calls it acted (decode --expand --rank 0 numbers them alike).
        boolean placed = log.records().stream().anyMatch(r -> r.rankZeroCall() >= 0);
        List<String> headings = new ArrayList<>(List.of(">marker", ">call", "state", ">changed", ">merged calls", ">merge ms", "clusters"));
        if (placed) headings.add(2, ">rank 0's call");
        TextTable records = new TextTable(headings.toArray(new String[0]));
        for (MarkerRecord r : log.records()) {
            MarkerRecord maker = r.clustering() < 0 ? null : madeAt.putIfAbsent(r.clustering(), r);
            String clusters = r.clustering() < 0 ? "-" : maker == null ? "new" : "of marker " + maker.index();
            List<Object> cells = new ArrayList<>(List.of(r.index(), r.markerCall(), r.state(), r.changedRanks(), r.mergedCalls(),
                    Units.millis(r.mergeNanos()), clusters));
            if (placed) cells.add(2, r.rankZeroCall() < 0 ? "-" : r.rankZeroCall());
            records.row(cells.toArray());
        }
        if (records.isEmpty()) {
            out.println(INDENT + "(no markers)");
        } else {
            List<String> lines = records.lines(INDENT);
            out.println(lines.get(0));
            for (int i = 0; i < log.records().size(); i++) {
                out.println(lines.get(i + 1));
                MarkerRecord r = log.records().get(i);
                if (r.clustering() >= 0 && madeAt.get(r.clustering()) == r) printClustering(out, mode, log.clusteringOf(r));
            }
        }
        out.println("markers: " + MarkerLogText.stateCounts(log, MarkerState.AT, MarkerState.C, MarkerState.L, MarkerState.F));
        for (String line : MarkerLogText.markerLines(trace)) out.println(line);
    }

    /**
     * The heading line ({@code N clusters}, what they were formed on, how long it took), in mode acurdion
     * the signature format as ACURDION's Table I shows it (X for each signature selected), then per cluster
     * its lead, size, signature (in mode acurdion the selected ones) and members.
     */
    private static void printClustering(PrintWriter out, String mode, Clustering c) {
        String on = TracingMode.REFERENCE.is(mode) ? "whole event sequences"
                : TracingMode.ACURDION.is(mode) ? SignatureFormat.labels(c.format()).size() + " of " + Signature.values().length + " signatures"
                : "Call-Path and end-points " + (c.absoluteEndpoints() ? "absolute" : "relative");
        out.println(CLUSTER_INDENT + MarkerLogText.plural(c.clusters().size(), "cluster") + " (on " + on + ", clustered in "
                + Units.millis(c.nanos()) + " ms)");
        if (TracingMode.ACURDION.is(mode)) printFormat(out, c.format());
        TextTable table;
        if (TracingMode.REFERENCE.is(mode)) {
            table = new TextTable(">lead", ">size", "sequence hash", "ranks");
            for (Cluster k : c.clusters()) table.row(k.lead(), k.members().size(), String.format("%016x", k.callPath()), k.members());
        } else if (TracingMode.ACURDION.is(mode)) {
            List<Signature> selected = Arrays.stream(Signature.values()).filter(s -> s.in(c.format())).toList();
            List<String> headings = new ArrayList<>(List.of(">lead", ">size"));
            for (Signature s : selected) headings.add((s.identity ? "" : ">") + s.label);
            headings.add("ranks");
            table = new TextTable(headings.toArray(String[]::new));
            for (Cluster k : c.clusters()) {
                List<Object> row = new ArrayList<>(List.of(k.lead(), k.members().size()));
                for (Signature s : selected) row.add(k.signature() == null ? "?" : signatureText(k.signature(), s));
                row.add(k.members());
                table.row(row.toArray());
            }
        } else {
            table = new TextTable(">lead", ">size", "Call-Path", ">src", ">dest", "ranks");
            for (Cluster k : c.clusters())
                table.row(k.lead(), k.members().size(), String.format("%016x", k.callPath()), Units.twoDecimals(k.src()),
                        Units.twoDecimals(k.dest()), k.members());
        }
        table.print(out, CLUSTER_INDENT + INDENT);
    }

    /** ACURDION's Table I for one clustering: every signature, X under those Adaptive Signature Building selected. */
    private static void printFormat(PrintWriter out, int format) {
        Signature[] all = Signature.values();
        List<String> headings = new ArrayList<>(List.of("format"));
        List<Object> marks = new ArrayList<>(List.of("selected"));
        for (Signature s : all) {
            headings.add(s.label);
            marks.add(s.in(format) ? "X" : "-");
        }
        TextTable table = new TextTable(headings.toArray(String[]::new));
        table.row(marks.toArray());
        table.print(out, CLUSTER_INDENT + INDENT);
    }

    /** One signature of a cluster's lead: identities in hex, LOOP as its four levels, means with two decimals. */
    private static String signatureText(SignatureVector v, Signature s) {
        if (s.identity) return String.format("%016x", v.word(s));
        if (s == Signature.LOOP) return LoopSignature.describe(v.word(s));
        return Units.twoDecimals(v.value(s));
    }
}
