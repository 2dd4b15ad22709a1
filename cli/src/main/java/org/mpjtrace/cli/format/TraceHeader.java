package org.mpjtrace.cli.format;

import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.mpjtrace.trace.AgentKeys;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TimingMode;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.TracingMode;

/** The job-level lines at the top of decode's output, and the per-rank heading. */
public final class TraceHeader {
    private static final DateTimeFormatter WALL_CLOCK = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS xxx");

    private TraceHeader() {}

    /** For a trace of a clustering mode also its settings, after the interim note when the job did not finish. */
    public static void print(PrintWriter out, String fileLabel, TraceFile trace) {
        JobMeta m = trace.meta();
        String interim = trace.markers() == null ? null : MarkerLogText.interimNote(trace.markers());
        if (interim != null) out.println(interim);
        out.println("trace:          " + fileLabel);
        out.println("mode:           " + m.mode());
        if (trace.markers() != null) {
            out.println("marker:         " + ClusteringSettings.marker(trace));
            out.println("call frequency: " + ClusteringSettings.callFrequency(m));
            if (!TracingMode.REFERENCE.is(m.mode())) out.println("K (leads):      " + ClusteringSettings.leads(m));
            if (TracingMode.ACURDION.is(m.mode())) out.println("clustering:     " + ClusteringSettings.acurdion(m));
        }
        if (trace.global() != null) out.println("timing:         " + timing(m));
        out.println("device:         " + m.device());
        out.println("ranks:          " + m.worldSize() + (trace.ranks().size() != m.worldSize()
                ? " (" + trace.ranks().size() + " in this file)" : ""));
        if (!m.mainClass().isEmpty()) out.println("main class:     " + m.mainClass()
                + (m.initClass().isEmpty() || m.initClass().equals(m.mainClass()) ? "" : " (MPI.Init called in " + m.initClass() + ")"));
        out.println("tracer version: " + m.tracerVersion());
        if (m.attached()) out.println("attached:       " + wallClock(m.attachedMillis())
                + "  (mpjtrace attach: the job ran before, untraced; each rank's calls are from its first one after)");
        out.println((m.attached() ? "first call:     " : "started:        ") + wallClock(m.startMillis())
                + "  (trace written " + Units.seconds(m.elapsedMillis() * 1_000_000L) + " s later)");
        out.println("ended:          " + ending(m.ending()));
        out.println("agent options:  " + options(m.agentOptions()));
        String paused = paused(trace);
        if (paused != null) out.println("paused:         " + paused);
        out.println("call sites:     " + trace.sites().size());
        if (!trace.callPaths().isEmpty()) out.println("call paths:     " + trace.callPaths().size());
    }

    /** {@code rank R on HOST: N events}, then the communicators the rank's comm ids stand for. */
    public static void printRank(PrintWriter out, RankTrace r) {
        out.println("rank " + r.rank() + " on " + r.host() + ": " + r.eventCount() + " events");
        if (!r.comms().isEmpty()) out.println("  communicators: " + communicators(r.comms()));
    }

    /** The shortest repeated stretch of ids printed as one: a program making a communicator a step has thousands. */
    private static final int FOLDED_AT_LEAST = 8;
    /** The longest pattern of descriptions looked for. */
    private static final int LONGEST_PATTERN = 4;

    /**
     * Each communicator as {@code id=Kind(size S, rank R)}; where a pattern of up to four descriptions repeats
     * over at least eight ids in a row, the stretch as {@code 1-6000=[Intracomm(size 4, rank 0), Intracomm(size 2,
     * rank 0)] x3000}.
     */
    static String communicators(List<CommInfo> comms) {
        List<String> desc = new ArrayList<>(comms.size());
        for (CommInfo c : comms) desc.add(c.kind() + "(size " + (c.size() < 0 ? "?" : c.size()) + ", rank " + (c.rank() < 0 ? "-" : c.rank()) + ")");
        StringJoiner j = new StringJoiner(", ");
        int i = 0;
        while (i < desc.size()) {
            int bestPattern = 1, bestTimes = 1;
            for (int p = 1; p <= LONGEST_PATTERN && i + 2 * p <= desc.size(); p++) {
                int times = 1;
                while (i + (times + 1) * p <= desc.size() && desc.subList(i + times * p, i + (times + 1) * p).equals(desc.subList(i, i + p))) times++;
                if (times * p > bestTimes * bestPattern) {
                    bestPattern = p;
                    bestTimes = times;
                }
            }
            int n = bestPattern * bestTimes;
            if (n >= FOLDED_AT_LEAST) {
                j.add(comms.get(i).id() + "-" + comms.get(i + n - 1).id() + "=[" + String.join(", ", desc.subList(i, i + bestPattern)) + "] x" + bestTimes);
                i += n;
            } else {
                j.add(comms.get(i).id() + "=" + desc.get(i));
                i++;
            }
        }
        return j.toString();
    }

    /** The spans the program paused tracing (org.mpjtrace.api.Tracing), over all ranks, or null when none did. */
    static String paused(TraceFile trace) {
        int ranks = 0, spans = 0;
        long nanos = 0;
        for (RankTrace r : trace.ranks()) {
            int n = r.stats().paused().length / 2;
            if (n == 0) continue;
            ranks++;
            spans += n;
            nanos += r.stats().pausedNanos();
        }
        if (spans == 0) return null;
        return "by the program on " + ranks + (ranks == 1 ? " rank" : " ranks") + ", " + spans + (spans == 1 ? " span" : " spans") + ", "
                + Units.millis(nanos) + " ms in all (no call recorded then; stats --per-rank gives each rank's)";
    }

    /** Which times a compressed trace keeps (agent key timing, Pilgrim's timing modes). */
    static String timing(JobMeta m) {
        String timing = m.agentOptions() == null ? null : m.agentOptions().get(AgentKeys.TIMING);
        if (TimingMode.AGGREGATE.key.equals(timing)) return "aggregate (each call site's count, mean, min and max time; no quantiles, not each call's)";
        if (TimingMode.LOSSLESS.key.equals(timing)) return "lossless (every call's own duration and interval, kept per thread)";
        if (TimingMode.LOSSY.key.equals(timing))
            return "lossy, epsilon " + m.agentOptions().getOrDefault(AgentKeys.EPSILON, Double.toString(TimingMode.DEFAULT_EPSILON))
                    + " (every call's own duration and interval within that relative error, or 1 us below 1 us, kept per thread)";
        return "histogram (each call site's times as histograms, not each call's)";
    }

    /** How the job ended, as the header says it. */
    static String ending(String ending) {
        if (JobMeta.AT_FINALIZE.equals(ending)) return "at MPI.Finalize";
        if (JobMeta.RUNNING.equals(ending)) return "not yet (written at a marker while the job ran)";
        return ending;
    }

    static String wallClock(long epochMillis) {
        return WALL_CLOCK.format(Instant.ofEpochMilli(epochMillis).atZone(ZoneId.systemDefault()));
    }

    private static String options(Map<String, String> options) {
        if (options == null || options.isEmpty()) return "(none)";
        StringJoiner j = new StringJoiner(",");
        options.forEach((k, v) -> j.add(k + "=" + v));
        return j.toString();
    }
}
