package org.mpjtrace.runtime.rank;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.runtime.config.MarkerRule;
import org.mpjtrace.signatures.StackSignature;
import org.mpjtrace.trace.CallSite;

/**
 * The JVM's table of rewritten MPJ call sites, and, with calling context, of the call sites of the
 * application calls that can reach them (their callers). The agent interns each site as it rewrites a class; in
 * multicore mode every rank's loader rewrites the same classes again, and interning by the site's key
 * gives them the same ids. Ids are per JVM: with niodev, rank 0 unifies the tables of all JVMs.
 */
public final class SiteRegistry {
    private final Map<String, Integer> idsByKey = new HashMap<>();
    private final List<CallSite> sites = new ArrayList<>();
    /** Stack signature by site id, read on the hot path without a lock (published by replacement). */
    private volatile long[] signatures = new long[0];
    /** By site id: whether the marker rule names the site (read on the hot path, published like signatures). */
    private volatile boolean[] markerSites = new boolean[0];
    private final MarkerRule markers;

    public SiteRegistry() {
        this(MarkerRule.NONE);
    }

    SiteRegistry(MarkerRule markers) {
        this.markers = markers;
    }

    public synchronized int intern(String className, String method, int line, int ordinal, String api) {
        long sig = StackSignature.ofSite(className, method, line, ordinal, api);
        CallSite candidate = new CallSite(sites.size(), className, method, line, ordinal, api, sig);
        Integer known = idsByKey.get(candidate.key());
        if (known != null) return known;
        sites.add(candidate);
        idsByKey.put(candidate.key(), candidate.id());
        long[] grown = java.util.Arrays.copyOf(signatures, sites.size());
        grown[candidate.id()] = sig;
        boolean[] marked = java.util.Arrays.copyOf(markerSites, sites.size());
        marked[candidate.id()] = markers.matchesSite(candidate);
        markerSites = marked;
        signatures = grown;
        return candidate.id();
    }

    public long signature(int site) {
        long[] s = signatures;
        return site >= 0 && site < s.length ? s[site] : 0;
    }

    /** Every site's signature by id, as published now: one volatile read for several lookups. */
    long[] signatures() {
        return signatures;
    }

    /** Whether the marker rule names {@code site}. */
    boolean isMarkerSite(int site) {
        boolean[] m = markerSites;
        return site >= 0 && site < m.length && m[site];
    }

    public synchronized List<CallSite> snapshot() {
        return new ArrayList<>(sites);
    }

    public synchronized CallSite site(int id) {
        return id >= 0 && id < sites.size() ? sites.get(id) : null;
    }
}
