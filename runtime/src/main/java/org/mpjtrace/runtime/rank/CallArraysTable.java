package org.mpjtrace.runtime.rank;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.CallArrays;

/**
 * One rank's array arguments by digest ({@link CallArrays}), which its section of the trace carries so
 * that a replay can pass them again. A thread registers a digest the first time it meets it (off the hot
 * path: {@link ThreadRecorder} keeps a per-thread set of those it registered), and the arrays are copied
 * then, since the program may reuse them.
 */
final class CallArraysTable {
    private final Map<Long, CallArrays> byDigest = new LinkedHashMap<>();

    synchronized void register(long digest, int[] a1, int[] a2, int[] a3, int[] a4) {
        byDigest.computeIfAbsent(digest, d -> new CallArrays(d, copy(a1), copy(a2), copy(a3), copy(a4)));
    }

    synchronized List<CallArrays> snapshot() {
        return new ArrayList<>(byDigest.values());
    }

    private static int[] copy(int[] a) {
        return a == null ? null : a.clone();
    }
}
