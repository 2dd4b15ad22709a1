package org.mpjtrace.cli.export;

import java.util.HashMap;
import java.util.Map;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * Where each rank's times start in the pictures and exports: calls rebuilt from a compressed trace from
 * 0 (their times are the trace's means, each rank from its MPI.Init); a dump's from the earliest MPI.Init
 * of the dumps on the rank's host, since the ranks of one host share one clock and another host's clock
 * is unrelated. Filled rank by rank as a pass meets them ({@link #note}), so that a pass made anyway
 * (FlowPlan's) finds the origins without one of its own, which over a dump is a decode of every rank.
 */
public final class TimeOrigins {
    private final TraceFile trace;
    private final boolean expand;
    /** Per host: the earliest MPI.Init of its ranks whose dump is used. */
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
        if (TimedCalls.rebuilt(trace, section, expand)) anyRebuilt = true;
        else hostOrigins.merge(section.host(), section.initNanos(), Math::min);
    }

    /** Where the rank's times start, on its host's clock. */
    public long ofHost(RankTrace section) {
        if (TimedCalls.rebuilt(trace, section, expand)) return 0;
        return hostOrigins.getOrDefault(section.host(), section.initNanos());
    }

    /** Where the rank's times start, all hosts' dumps on one axis from the earliest MPI.Init of them all. */
    public long ofAll(RankTrace section) {
        if (TimedCalls.rebuilt(trace, section, expand)) return 0;
        return hostOrigins.values().stream().mapToLong(Long::longValue).min().orElse(0);
    }

    /** Whether any rank's calls are rebuilt from the compressed trace. */
    public boolean anyRebuilt() {
        return anyRebuilt;
    }

    /** Whether every rank's calls are (no rank's dump is used: the times are the trace's means). */
    public boolean noneMeasured() {
        return hostOrigins.isEmpty();
    }
}
