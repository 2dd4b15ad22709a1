package org.mpjtrace.trace.io;

import java.util.List;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.RankTrace;

/**
 * What a rank sends to rank 0 at the end of a job: its trace and the call-site table of its own JVM
 * (site ids in the trace refer to that table; rank 0 remaps them). Encoded by {@link PayloadCodec}.
 */
public record RankPayload(RankTrace trace, List<CallSite> sites) {
}
