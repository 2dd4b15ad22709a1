package org.mpjtrace.cli.format;

import java.io.PrintWriter;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerState;

/**
 * The part of {@code stats} about the clustering of a trace of a clustering mode: its settings, how many markers
 * were in each state (the Chameleon paper's Table II) and the trace memory per rank and state (its
 * Table IV), which is what clustering saves: non-leads hold nothing once only leads trace.
 */
public final class ClusteringSummary {
    private ClusteringSummary() {}

    public static void print(PrintWriter out, TraceFile trace) {
        MarkerLog log = trace.markers();
        out.println("Clustering (mode " + trace.meta().mode() + "): " + ClusteringSettings.oneLine(trace));
        String interim = MarkerLogText.interimNote(log);
        if (interim != null) out.println("  " + interim);
        out.println("  markers acted on: " + MarkerLogText.stateCounts(log, MarkerState.C, MarkerState.L, MarkerState.AT));
        for (String line : MarkerLogText.markerLines(trace)) out.println("  " + line);
        out.println();
        out.println("Trace memory per rank at markers, by state (n markers passed; mean and max bytes of the partial trace held):");
        TraceMemoryTable.print(out, trace.ranks());
        out.println();
    }
}
