package org.mpjtrace.cli.format;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.TraceMemory;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.global.OwnCallCounts;
import org.mpjtrace.trace.io.TraceFormatException;
import org.mpjtrace.trace.io.TraceReader;
import org.mpjtrace.trace.io.TraceWriter;

/**
 * The part of {@code stats} about a loop-compressed trace (mode full and the clustering modes): what the
 * compressed trace holds and stands for, what it costs against the dump of the same run, how long the
 * merges across ranks took, and the time in MPJ per op from the timing summaries.
 */
public final class GlobalSummary {
    private GlobalSummary() {}

    /** What each section kind is, as the size line names it. */
    private static final Map<String, String> SECTION_NAMES = Map.of("PREAMBLE", "header", "META", "job metadata", "RANK", "ranks' own sections",
            "SITES", "call sites", "END", "end mark", "CALL_PATHS", "call paths", "GLOBAL", "global trace", "MARKERS", "marker log",
            "RANK_TABLE", "rank table");

    public static void print(PrintWriter out, TraceFile trace, Path file) throws IOException, TraceFormatException {
        Map<String, Long> sections = TraceReader.sectionBytes(file);
        long fileBytes = Files.size(file);
        GlobalTrace g = trace.global();
        int[] shape = new int[2]; // loops, calls
        Map<Long, long[]> byStack = new HashMap<>(); // op, calls and nanos inside as the histograms count them
        walk(g.nodes(), shape, byStack);
        // A clustered trace's histograms count the leads' calls: each rank's own are in OwnCallCounts.
        Map<Long, Long> own = OwnCallCounts.perStack(trace);
        long calls = 0;
        for (long c : own.values()) calls += c;
        Map<Op, long[]> perOp = perOp(byStack, own);
        // The GLOBAL section as the file holds it (a file with a global trace has one): since format 21 deflated,
        // and without the stacks its site table gives.
        long globalBytes = sections.getOrDefault("GLOBAL", 0L);

        out.println("Compressed trace (mode " + trace.meta().mode() + "):");
        out.println("  global trace: " + g.nodeCount() + " nodes (" + shape[0] + " loops, " + shape[1] + " calls) standing for "
                + calls + " calls of " + g.ranks().size() + " ranks");
        out.println("  size: global trace " + Units.fileSize(globalBytes) + ", whole file " + Units.fileSize(fileBytes)
                + ", " + Units.fileSize(fileBytes / Math.max(1, trace.meta().worldSize())) + " per rank");
        out.println("  where the file's bytes are: " + sectionsLine(sections));
        String memory = memoryLine(trace);
        if (memory != null) out.println("  trace memory per rank (the largest partial trace it held): " + memory);
        // Mode full merges once, at Finalize; the clustering modes merge the leads' traces at markers.
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

    private static void walk(List<GlobalNode> nodes, int[] shape, Map<Long, long[]> byStack) {
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalEvent e) {
                shape[1]++;
                long[] v = byStack.computeIfAbsent(e.stack(), k -> new long[] {e.op(), 0, 0});
                v[1] += e.inside().count();
                v[2] += e.inside().sum();
            } else {
                shape[0]++;
                walk(((GlobalLoop) n).body(), shape, byStack);
            }
        }
    }

    /** Calls and nanoseconds inside per op: each stack's own calls, each taking the mean time its histograms give. */
    private static Map<Op, long[]> perOp(Map<Long, long[]> byStack, Map<Long, Long> own) {
        Map<Op, long[]> perOp = new TreeMap<>();
        for (Map.Entry<Long, long[]> e : byStack.entrySet()) {
            Op op = Op.ofCode((int) e.getValue()[0]);
            if (op == null) continue;
            long recorded = e.getValue()[1], nanos = e.getValue()[2];
            long calls = own.getOrDefault(e.getKey(), 0L);
            long[] v = perOp.computeIfAbsent(op, k -> new long[2]);
            v[0] += calls;
            v[1] += calls == recorded ? nanos : recorded == 0 ? 0 : Math.round((double) nanos * calls / recorded);
        }
        return perOp;
    }

    /**
     * Over the ranks, the mean and largest of the biggest trace each held (mode full: its whole trace at
     * Finalize; clustering modes: at markers), and the mean of what each held on average over its markers
     * (where non-leads in state L count 0): ACURDION's Table IV, average space per process. Null when the
     * file has no rank sections or they hold no figures.
     */
    private static String memoryLine(TraceFile trace) {
        long peakSum = 0, peakMax = 0;
        double averageSum = 0;
        int ranks = 0;
        for (RankTrace r : trace.ranks()) {
            TraceMemory m = r.stats().memory();
            if (m.isEmpty()) continue;
            peakSum += m.peakBytes();
            peakMax = Math.max(peakMax, m.peakBytes());
            averageSum += m.averageBytes();
            ranks++;
        }
        if (ranks == 0) return null;
        return "mean " + Units.fileSize(peakSum / ranks) + ", largest " + Units.fileSize(peakMax) + "; averaged over its markers: mean "
                + Units.fileSize(Math.round(averageSum / ranks));
    }

    /** Each kind of section with its bytes (header included), the largest first. */
    static String sectionsLine(Map<String, Long> sections) {
        StringBuilder line = new StringBuilder();
        sections.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).forEach(e -> {
            if (line.length() > 0) line.append(", ");
            line.append(SECTION_NAMES.getOrDefault(e.getKey(), e.getKey())).append(' ').append(Units.fileSize(e.getValue()));
        });
        return line.toString();
    }

    /** The dump's size and the compression ratio against it, or why there is none. */
    private static String dumpLine(TraceFile trace, long globalBytes) throws IOException {
        // An interim trace of a clustering mode may hold no rank sections: nothing to rebuild a dump with.
        if (trace.ranks().isEmpty()) return "unknown (the file holds no rank sections)";
        boolean kept = trace.ranks().stream().anyMatch(r -> r.eventCount() > 0);
        long dumpBytes = dumpBytes(trace, kept);
        return Units.fileSize(dumpBytes) + (kept ? " (kept in this file)" : " (a lower bound: the calls rebuilt without their times; keepDump=true gives the real one)")
                + ", compression ratio " + String.format("%.1f", (double) dumpBytes / Math.max(1, globalBytes)) + " : 1";
    }

    /**
     * The size of a dump-mode file of the same run: the dump the file keeps (keepDump), else the calls
     * rebuilt from the compressed trace without their times (a lower bound).
     */
    public static long dumpBytes(TraceFile trace) throws IOException {
        return dumpBytes(trace, trace.ranks().stream().anyMatch(r -> r.eventCount() > 0));
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
