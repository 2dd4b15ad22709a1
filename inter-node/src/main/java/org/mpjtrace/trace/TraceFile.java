package org.mpjtrace.trace;

import java.util.List;

/** A whole trace as read from a file: job metadata, the call-site table and each rank's events. */
public record TraceFile(JobMeta meta, List<CallSite> sites, List<RankTrace> ranks) {

    public CallSite site(int id) {
        return id >= 0 && id < sites.size() ? sites.get(id) : null;
    }

    public RankTrace rank(int rank) {
        for (RankTrace r : ranks) if (r.rank() == rank) return r;
        return null;
    }
}
