package org.mpjtrace.cli.format;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.global.OwnCallCounts;

/**
 * The stats report, in the spirit of mpiP's: a job summary, a table per rank and op, the same summed
 * over ranks with each op's share of all MPJ time, a grand total, then the tracer's own bookkeeping per
 * rank (so a user can tell whether the tracer itself held the job up or gave up on a rank).
 */
public final class StatsReport {

    private StatsReport() {}

    /**
     * The per-rank report ({@code stats --per-rank}): the job line, the tables per rank and op and per op,
     * per thread where a rank's threads called MPJ at once, and the tracer's figures per rank.
     */
    public static void print(PrintWriter out, String fileLabel, TraceFile trace) {
        TraceStats stats = new TraceStats(trace);
        JobMeta m = trace.meta();
        long events = 0;
        for (RankTrace r : trace.ranks()) events += r.eventCount();
        // A compressed trace without a dump keeps loops, not calls: say how many calls it stands for.
        String calls = events == 0 && trace.global() != null
                ? OwnCallCounts.total(trace) + " calls in a compressed trace (no per-call records)"
                : events + " calls recorded one by one";
        out.println("trace " + fileLabel + ": " + m.mode() + " mode, " + m.device() + ", " + m.worldSize() + " ranks, "
                + calls + (m.mainClass().isEmpty() ? "" : ", main class " + m.mainClass()));
        out.println();

        // A compressed trace's calls are rebuilt from its loops: say whose times they carry.
        if (events == 0 && trace.global() != null)
            out.println(trace.ranks().stream().allMatch(r -> TimedCalls.meanTimes(trace, r, false))
                    ? "(calls rebuilt from the trace's loops, each with its call site's mean time inside it)"
                    : "(calls rebuilt from the trace's loops, with the times the trace kept of each)");
        printCallTables(out, stats);
        if (stats.threaded()) printThreadTable(out, stats);
        out.println("Tracer per rank:");
        TextTable tracer = new TextTable(">rank", "host", ">threads", ">records", ">set-up ms", ">ring waits", ">wait ms", ">internal errors", ">paused ms", "tracing");
        for (RankTrace r : trace.ranks()) tracerRow(tracer, trace, r);
        printOrNone(out, tracer);
    }

    /**
     * What the default report ({@code stats}, after the profile) keeps of it: the per-thread table where
     * a rank's threads called MPJ at once, and of the tracer's figures one line, with a row for each rank
     * whose tracer failed or was held up, so that a problem still shows at 64 ranks.
     */
    public static void printBrief(PrintWriter out, TraceFile trace) {
        // The per-thread table takes a pass over every call (a compressed trace's rebuilt): only where a rank's
        // calls come from more than one thread, which the trace's thread numbers tell without one.
        if (trace.ranks().stream().anyMatch(r -> RankThreads.count(trace, r.rank()) > 1)) {
            TraceStats stats = new TraceStats(trace);
            if (stats.threaded()) printThreadTable(out, stats);
        }
        TextTable trouble = new TextTable(">rank", "host", ">threads", ">records", ">set-up ms", ">ring waits", ">wait ms", ">internal errors", ">paused ms", "tracing");
        long setup = 0, waits = 0, errors = 0;
        for (RankTrace r : trace.ranks()) {
            RankStats s = r.stats();
            setup = Math.max(setup, s.setupNanos());
            waits += s.ringWaits();
            errors += s.internalErrors();
            boolean off = s.disabledReason() != null && !s.disabledReason().isEmpty();
            if (off || s.internalErrors() > 0) tracerRow(trouble, trace, r);
        }
        out.println("Tracer: set-up after MPI.Init at most " + Units.millisThreeFigures(setup) + " ms a rank, " + waits + " ring waits, " + errors
                + " internal errors" + (trouble.isEmpty() ? ", tracing on throughout on every rank (per rank: --per-rank)" : "; ranks with trouble:"));
        if (!trouble.isEmpty()) trouble.print(out, "  ");
    }

    private static void tracerRow(TextTable tracer, TraceFile trace, RankTrace r) {
        RankStats s = r.stats();
        String state = s.disabledReason() == null || s.disabledReason().isEmpty()
                ? "on" : "tracing disabled: " + s.disabledReason().replaceAll("\\p{Cntrl}+", " ").strip();
        tracer.row(r.rank(), r.host(), RankThreads.count(trace, r.rank()), r.eventCount(), Units.millisThreeFigures(s.setupNanos()), s.ringWaits(), Units.millis(s.ringWaitNanos()),
                s.internalErrors(), Units.millis(s.pausedNanos()), state);
    }

    private static void printCallTables(PrintWriter out, TraceStats stats) {
        out.println("Time in MPJ per rank and op (most time first):");
        TextTable perRank = new TextTable(">rank", "op", ">calls", ">bytes", ">time ms", ">mean us", ">% of rank");
        for (int rank : stats.ranks()) {
            long rankNanos = stats.rankNanos(rank);
            for (Map.Entry<Op, OpTotals> e : stats.ofRank(rank)) {
                OpTotals t = e.getValue();
                perRank.row(rank, e.getKey().mpjName, t.calls(), t.bytes(), Units.millis(t.nanos()),
                        Units.micros(t.meanNanos()), percent(t.nanos(), rankNanos));
            }
        }
        printOrNone(out, perRank);
        out.println();

        out.println("Time in MPJ per op, all ranks:");
        TextTable perOp = new TextTable("op", ">calls", ">bytes", ">time ms", ">mean us", ">% of all");
        OpTotals total = stats.total();
        for (Map.Entry<Op, OpTotals> e : stats.perOp()) {
            OpTotals t = e.getValue();
            perOp.row(e.getKey().mpjName, t.calls(), t.bytes(), Units.millis(t.nanos()), Units.micros(t.meanNanos()),
                    percent(t.nanos(), total.nanos()));
        }
        if (!perOp.isEmpty())
            perOp.row("total", total.calls(), total.bytes(), Units.millis(total.nanos()), Units.micros(total.meanNanos()),
                    percent(total.nanos(), total.nanos()));
        printOrNone(out, perOp);
        out.println();

    }

    /** Ranks whose threads called MPJ at once: each thread's share of the rank's calls and time. */
    private static void printThreadTable(PrintWriter out, TraceStats stats) {
        out.println("Time in MPJ per thread, ranks with more than one (thread 0 called MPI.Init):");
        TextTable perThread = new TextTable(">rank", ">thread", ">calls", ">bytes", ">time ms", ">% of rank");
        for (int rank : stats.ranks()) {
            Map<Integer, OpTotals> threads = stats.threadsOf(rank);
            if (threads.size() < 2) continue;
            long rankNanos = stats.rankNanos(rank);
            threads.forEach((thread, t) -> perThread.row(rank, thread, t.calls(), t.bytes(), Units.millis(t.nanos()), percent(t.nanos(), rankNanos)));
        }
        printOrNone(out, perThread);
        out.println();
    }

    private static void printOrNone(PrintWriter out, TextTable table) {
        if (table.isEmpty()) out.println("  (no events)");
        else table.print(out, "  ");
    }

    private static String percent(long part, long whole) {
        if (whole <= 0) return "-";
        return BigDecimal.valueOf(part * 100.0 / whole).setScale(1, RoundingMode.HALF_UP).toPlainString();
    }
}
