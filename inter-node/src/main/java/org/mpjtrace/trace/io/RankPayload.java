package org.mpjtrace.trace.io;

import java.util.List;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.RankTrace;

/**
 * What a rank sends to rank 0 at the end of a job: its trace, and the call-site and call-path tables of
 * its own JVM (site ids in the trace and in the paths refer to that site table; rank 0 remaps them).
 * The call-path table is empty when the job ran without calling context. Encoded by {@link PayloadCodec}.
 */
public record RankPayload(RankTrace trace, List<CallSite> sites, List<CallPath> callPaths) {

    /** A payload without calling context. */
    public RankPayload(RankTrace trace, List<CallSite> sites) {
        this(trace, sites, List.of());
    }
}
