package org.mpjtrace.cli.format;

import java.util.HashMap;
import java.util.Map;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * The call arrays (an array call's request ids) a rank's calls name, by digest: the rank's own first,
 * the whole trace's only for a digest the rank does not hold (in a clustered trace a rank's calls are
 * its lead's, whose arrays only the lead passed). The whole trace's map is made on that first miss,
 * not up front, where it takes a pass over every rank (a decode of each, for a file opened for
 * streaming) that a dump, whose ranks hold their own, never needs: a rank whose calls are its own
 * dump's never looks beyond its own arrays.
 */
public final class RankArrays {
    private final TraceFile trace;
    private Map<Long, CallArrays> all;
    private Map<Long, CallArrays> own = Map.of();
    private boolean ownCalls;

    public RankArrays(TraceFile trace) {
        this.trace = trace;
    }

    /**
     * The rank whose calls come next.
     *
     * @param ownCalls its calls are its section's dump, not rebuilt from the compressed trace
     */
    public void rank(RankTrace section, boolean ownCalls) {
        this.ownCalls = ownCalls;
        own = new HashMap<>();
        for (CallArrays a : section.arrays()) own.putIfAbsent(a.digest(), a);
    }

    /** The arrays of the call whose digest this is, or null when the trace holds none. */
    public CallArrays get(long digest) {
        CallArrays a = own.get(digest);
        if (a != null || ownCalls) return a;
        if (all == null) all = trace.arrays();
        return all.get(digest);
    }
}
