package org.mpjtrace.runtime.rank;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.CallPath;

/**
 * The JVM's table of calling contexts: what each stack signature its threads recorded stands for (the
 * MPJ call site and its callers' call sites, ids of the JVM's {@link SiteRegistry}). Threads register a
 * signature the first time they see it (off the hot path: {@link ThreadRecorder} keeps a per-thread set
 * of those already registered); in multicore mode all ranks share the table, as they share the sites.
 */
public final class CallPathRegistry {
    private final Map<Long, CallPath> bySignature = new LinkedHashMap<>();

    /**
     * Records what {@code signature} stands for, unless it is known (a thread's new context, or one of
     * another JVM's that a rank's trace takes in). Two contexts with one 64-bit signature (a hash collision,
     * vanishingly unlikely) would keep the first one's frames.
     */
    public synchronized void register(long signature, int site, int[] callers) {
        bySignature.putIfAbsent(signature, new CallPath(signature, site, callers));
    }

    public synchronized List<CallPath> snapshot() {
        return new ArrayList<>(bySignature.values());
    }
}
