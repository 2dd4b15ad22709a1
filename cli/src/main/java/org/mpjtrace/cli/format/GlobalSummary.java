package org.mpjtrace.cli.format;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.io.GlobalCodec;
import org.mpjtrace.trace.io.TraceWriter;

/**
 * The part of {@code stats} about a loop-compressed trace (modes full and chameleon): what the
 * compressed trace holds and stands for, what it costs against the dump of the same run, how long the
 * merges across ranks took, and the time in MPJ per op from the timing summaries.
 */
public final class GlobalSummary {
    private GlobalSummary() {}

    public static void print(PrintWriter out, TraceFile trace, long fileBytes) throws IOException {
        GlobalTrace g = trace.global();
        int[] shape = new int[2]; // loops, calls
        Map<Op, long[]> perOp = new TreeMap<>(); // calls, nanos inside
        walk(g.nodes(), shape, perOp);
        long calls = g.calls();
        long globalBytes = GlobalCodec.encode(g).length;

        out.println("Compressed trace (mode " + trace.meta().mode() + "):");
        out.println("  global trace: " + g.nodeCount() + " nodes (" + shape[0] + " loops, " + shape[1] + " calls) standing for "
                + calls + " calls of " + g.ranks().size() + " ranks");
        out.println("  size: global trace " + Units.fileSize(globalBytes) + ", whole file " + Units.fileSize(fileBytes)
                + ", " + Units.fileSize(fileBytes / Math.max(1, trace.meta().worldSize())) + " per rank");
        String memory = memoryLine(trace);
        if (memory != null) out.println("  trace memory per rank (the largest partial trace it held): " + memory);
        // Mode full merges once, at Finalize; mode chameleon merges the leads' traces at markers.
        if (trace.markers() == null) out.println("  merge across ranks at Finalize: " + Units.millis(g.mergeNanos()) + " ms");
        else out.println("  merges of the leads' traces: " + MarkerLogText.merges(trace.markers()));
        out.println("  dump of the same run: " + dumpLine(trace, globalBytes));
        out.println();
        out.println("Time in MPJ per op, all ranks (from the timing summaries):");
        TextTable table = new TextTable("op", ">calls", ">time ms", ">mean us");
        for (Map.Entry<Op, long[]> e : perOp.entrySet()) {
            long[] v = e.getValue();
            table.row(e.getKey().mpjName, v[0], Units.millis(v[1]), Units.micros(v[0] == 0 ? 0 : v[1] / v[0]));
        }
        table.print(out, "  ");
        out.println();
    }

    private static void walk(List<GlobalNode> nodes, int[] shape, Map<Op, long[]> perOp) {
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalEvent e) {
                shape[1]++;
                Op op = Op.ofCode(e.op());
                if (op == null) continue;
                long[] v = perOp.computeIfAbsent(op, k -> new long[2]);
                v[0] += e.inside().count();
                v[1] += e.inside().sum();
            } else {
                shape[0]++;
                walk(((GlobalLoop) n).body(), shape, perOp);
            }
        }
    }

    /**
     * Mean and largest over the ranks of the biggest trace each held (ACURDION's Table IV, average space
     * per process): mode full at Finalize, the clustering modes at markers. Null when the file has no
     * rank sections or they hold no figures.
     */
    private static String memoryLine(TraceFile trace) {
        long sum = 0, max = 0;
        int ranks = 0;
        for (RankTrace r : trace.ranks()) {
            if (r.stats().memory().isEmpty()) continue;
            long peak = r.stats().memory().peakBytes();
            sum += peak;
            max = Math.max(max, peak);
            ranks++;
        }
        if (ranks == 0) return null;
        return "mean " + Units.fileSize(sum / ranks) + ", largest " + Units.fileSize(max);
    }

    /** The dump's size and the compression ratio against it, or why there is none. */
    private static String dumpLine(TraceFile trace, long globalBytes) throws IOException {
        // An interim chameleon trace may hold no rank sections: nothing to rebuild a dump with.
        if (trace.ranks().isEmpty()) return "unknown (the file holds no rank sections)";
        boolean kept = trace.ranks().stream().anyMatch(r -> r.eventCount() > 0);
        long dumpBytes = dumpBytes(trace, kept);
        return Units.fileSize(dumpBytes) + (kept ? " (kept in this file)" : " (a lower bound: the calls rebuilt without their times; keepDump=true gives the real one)")
                + ", compression ratio " + String.format("%.1f", (double) dumpBytes / Math.max(1, globalBytes)) + " : 1";
    }

    /** Size of the dump-mode file of the same run: written to a temporary file and measured. */
    private static long dumpBytes(TraceFile trace, boolean kept) throws IOException {
        Path tmp = Files.createTempFile("mpjtrace-dump-size", ".mpjt");
        try {
            try (TraceWriter w = TraceWriter.create(tmp, trace.meta())) {
                for (RankTrace r : trace.ranks()) w.writeRank(kept ? r : ExpandedRank.of(trace, r));
                w.writeSites(trace.sites());
                if (!trace.callPaths().isEmpty()) w.writeCallPaths(trace.callPaths());
                w.commit();
            }
            return Files.size(tmp);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
