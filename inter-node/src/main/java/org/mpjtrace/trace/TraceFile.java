package org.mpjtrace.trace;

import java.util.List;

/**
 * A whole trace as read from a file: job metadata, the call-site table, each rank's events and the
 * call-path table (empty when the trace was made without calling context: then an event's stack
 * signature is its call site's own).
 */
public record TraceFile(JobMeta meta, List<CallSite> sites, List<RankTrace> ranks, List<CallPath> callPaths) {

    /** A trace without calling context. */
    public TraceFile(JobMeta meta, List<CallSite> sites, List<RankTrace> ranks) {
        this(meta, sites, ranks, List.of());
    }

    public CallSite site(int id) {
        return id >= 0 && id < sites.size() ? sites.get(id) : null;
    }

    public RankTrace rank(int rank) {
        for (RankTrace r : ranks) if (r.rank() == rank) return r;
        return null;
    }
}
