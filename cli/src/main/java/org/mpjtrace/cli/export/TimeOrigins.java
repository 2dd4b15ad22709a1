package org.mpjtrace.cli.export;

import java.util.HashMap;
import java.util.Map;
import org.mpjtrace.cli.format.TimedCalls;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * Where each rank's times start in the pictures and exports: calls rebuilt from a compressed trace with
 * the trace's means from 0 (each rank from its MPI.Init); calls with their own times (a dump's, or kept
 * with timing=lossless) from the earliest MPI.Init of such ranks on the rank's host, since the ranks of one host share one clock and another host's clock
 * is unrelated. Filled rank by rank as a pass meets them ({@link #note}), so that a pass made anyway
 * (FlowPlan's) finds the origins without one of its own, which over a dump is a decode of every rank.
 */
public final class TimeOrigins {
    private final TraceFile trace;
    private final boolean expand;
    /** Per host: the earliest MPI.Init of its ranks whose calls have their own times. */
    private final Map<String, Long> hostOrigins = new HashMap<>();
    private boolean anyRebuilt;

    /** @param expand rebuild the calls from the compressed trace even where a rank's section keeps a dump */
    TimeOrigins(TraceFile trace, boolean expand) {
        this.trace = trace;
        this.expand = expand;
    }

    /** The origins of every rank, in a pass of their own. */
    public static TimeOrigins of(TraceFile trace, boolean expand) {
        TimeOrigins o = new TimeOrigins(trace, expand);
        for (RankTrace section : trace.ranks()) o.note(section);
        return o;
    }

    void note(RankTrace section) {
        if (TimedCalls.meanTimes(trace, section, expand)) anyRebuilt = true;
        else hostOrigins.merge(section.host(), section.initNanos(), Math::min);
    }

    /** Where the rank's times start, on its host's clock. */
    public long ofHost(RankTrace section) {
        if (TimedCalls.meanTimes(trace, section, expand)) return 0;
        return hostOrigins.getOrDefault(section.host(), section.initNanos());
    }

    /** Where the rank's times start, all hosts' dumps on one axis from the earliest MPI.Init of them all. */
    public long ofAll(RankTrace section) {
        if (TimedCalls.meanTimes(trace, section, expand)) return 0;
        return hostOrigins.values().stream().mapToLong(Long::longValue).min().orElse(0);
    }

    /** Whether any rank's calls have the trace's mean times rather than their own. */
    public boolean anyRebuilt() {
        return anyRebuilt;
    }

    /** Whether every rank's calls have the trace's mean times (no rank's own times are used). */
    public boolean noneMeasured() {
        return hostOrigins.isEmpty();
    }
}
