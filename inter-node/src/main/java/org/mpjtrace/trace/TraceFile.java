package org.mpjtrace.trace;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.global.GlobalTrace;

/**
 * A whole trace as read from a file: job metadata, the call-site table, each rank's section (its
 * events in dump mode; in mode full its tables and statistics, and its events only when the dump was
 * kept), the call-path table (empty when the trace was made without calling context: then an event's
 * stack signature is its call site's own), and in mode full the loop-compressed trace of all ranks.
 *
 * @param global  the merged compressed trace, or null (dump mode)
 * @param markers mode chameleon: the clustering history at the markers; null in other modes
 */
public record TraceFile(JobMeta meta, List<CallSite> sites, List<RankTrace> ranks, List<CallPath> callPaths,
                        GlobalTrace global, MarkerLog markers) {

    public TraceFile(JobMeta meta, List<CallSite> sites, List<RankTrace> ranks, List<CallPath> callPaths, GlobalTrace global) {
        this(meta, sites, ranks, callPaths, global, null);
    }

    public TraceFile(JobMeta meta, List<CallSite> sites, List<RankTrace> ranks, List<CallPath> callPaths) {
        this(meta, sites, ranks, callPaths, null);
    }

    /** A trace without calling context. */
    public TraceFile(JobMeta meta, List<CallSite> sites, List<RankTrace> ranks) {
        this(meta, sites, ranks, List.of());
    }

    /** The same trace with its ranks read through {@code ranks} (e.g. a view that counts them as they are read). */
    public TraceFile withRanks(List<RankTrace> ranks) {
        return new TraceFile(meta, sites, ranks, callPaths, global, markers);
    }

    /**
     * What a compressed-mode file traced with keepDump=true kept of its run, as a dump (its ranks' events,
     * no loops, no markers); null when it kept none (a dump has no compressed trace to keep one beside).
     */
    public TraceFile keptDump() {
        if (global == null || ranks.stream().allMatch(r -> r.eventCount() == 0)) return null;
        return new TraceFile(meta, sites, ranks, callPaths);
    }

    public CallSite site(int id) {
        return id >= 0 && id < sites.size() ? sites.get(id) : null;
    }

    /**
     * The array arguments of every rank's calls by digest. A digest names content, so any rank's entry
     * will do: in a clustered trace a rank replays its lead's calls, whose arrays only the lead may have
     * passed.
     */
    public Map<Long, CallArrays> arrays() {
        Map<Long, CallArrays> all = new HashMap<>();
        for (RankTrace r : ranks)
            for (CallArrays a : r.arrays()) all.putIfAbsent(a.digest(), a);
        return all;
    }

    public RankTrace rank(int rank) {
        if (ranks instanceof RankList lazy) {
            int i = lazy.indexOfRank(rank);
            return i < 0 ? null : ranks.get(i);
        }
        for (RankTrace r : ranks) if (r.rank() == rank) return r;
        return null;
    }
}
