package org.mpjtrace.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Unifies call-site tables numbered independently by different JVMs (niodev: one JVM per rank) into one
 * table, matching sites by {@link CallSite#key()}, and renumbers the site field of each rank's events
 * and the site ids inside call paths. Stack signatures are left as they are: they are computed from
 * site keys, not ids, so every JVM gives the same context the same signature.
 */
public final class SiteTableMerger {
    private final Map<String, Integer> idsByKey = new HashMap<>();
    private final List<CallSite> merged = new ArrayList<>();
    private final Map<Long, CallPath> pathsBySignature = new LinkedHashMap<>();
    /** Signatures the remapped events carry: only their paths go into the file. */
    private final Set<Long> used = new HashSet<>();
    private final boolean requirePaths;

    /** A merger for traces without calling context: call paths, when given, are merged but not required. */
    public SiteTableMerger() {
        this(false);
    }

    /**
     * @param requirePaths whether every event's stack signature must be explained by the call paths its
     *                     rank sent (traces with calling context): a rank whose are not is refused
     *                     here, so it cannot make the whole file unwritable later
     */
    public SiteTableMerger(boolean requirePaths) {
        this.requirePaths = requirePaths;
    }

    /** {@link #remap(RankTrace, List, List)} for a trace without calling context. */
    public RankTrace remap(RankTrace trace, List<CallSite> localSites) {
        return remap(trace, localSites, List.of());
    }

    /**
     * Renumbers the events of {@code trace} (in place) from the ids of {@code localSites} to the merged
     * table's, adds {@code localPaths} (renumbered the same way) to the merged call paths, and returns
     * the trace.
     *
     * @throws IllegalArgumentException when an event or a call path names a site missing from
     *                                  {@code localSites}, the table's ids are not its indexes, or a
     *                                  signature stands for different frames than it did in an earlier
     *                                  table; nothing of the trace is changed then
     */
    public RankTrace remap(RankTrace trace, List<CallSite> localSites, List<CallPath> localPaths) {
        int[] map = mapOf(localSites);
        long[] w = trace.words();
        for (int i = 0; i < trace.eventCount(); i++) {
            int local = Event.site(w, RankTrace.base(i));
            if (local < 0 || local >= map.length)
                throw new IllegalArgumentException("rank " + trace.rank() + " event " + i + " names call site " + local + " missing from its table");
        }
        if (requirePaths) checkExplained(trace, localPaths);
        addPaths("rank " + trace.rank(), localPaths, map);
        for (int i = 0; i < trace.eventCount(); i++) {
            int base = RankTrace.base(i);
            w[base + Event.W_OP_SITE] = Event.pack(Event.high(w[base + Event.W_OP_SITE]), map[Event.site(w, base)]);
            used.add(w[base + Event.W_STACK]);
        }
        return trace;
    }

    /**
     * The merged id of each site of a JVM's table, adding its sites and call paths (renumbered) to the
     * merged tables: what a compressed trace made in that JVM is renumbered with (mode chameleon's
     * merges). {@code who} names the table in errors.
     *
     * @throws IllegalArgumentException as {@link #remap(RankTrace, List, List)} for the table and paths
     */
    public int[] add(String who, List<CallSite> localSites, List<CallPath> localPaths) {
        int[] map = mapOf(localSites);
        addPaths(who, localPaths, map);
        return map;
    }

    /** Adds call paths renumbered with {@code map}; all or none (a conflict with a known path is refused first). */
    private void addPaths(String who, List<CallPath> localPaths, int[] map) {
        List<CallPath> renumbered = new ArrayList<>(localPaths.size());
        for (CallPath p : localPaths) renumbered.add(renumber(who, p, map));
        for (CallPath p : renumbered) {
            CallPath known = pathsBySignature.get(p.signature());
            if (known != null && !known.equals(p))
                throw new IllegalArgumentException(who + ": stack signature " + Long.toHexString(p.signature())
                        + " stands for other frames than in an earlier rank's table");
        }
        for (CallPath p : renumbered) pathsBySignature.putIfAbsent(p.signature(), p);
    }

    /**
     * The merged id of each site of a JVM's table (adding the ones the merged table lacks): what a
     * rank renumbers its own compressed trace with in mode full.
     */
    public int[] mapOf(List<CallSite> localSites) {
        int[] map = new int[localSites.size()];
        for (int i = 0; i < map.length; i++) {
            CallSite s = localSites.get(i);
            if (s.id() != i) throw new IllegalArgumentException("site table out of order at " + i);
            map[i] = idsByKey.computeIfAbsent(s.key(), k -> {
                merged.add(new CallSite(merged.size(), s.className(), s.methodName(), s.line(), s.ordinal(), s.api(), s.stackSignature()));
                return merged.size() - 1;
            });
        }
        return map;
    }

    public List<CallSite> sites() {
        return new ArrayList<>(merged);
    }

    /** Every call path added so far, used by remapped events or not (a compressed trace's stacks are not in its events). */
    public List<CallPath> allCallPaths() {
        return new ArrayList<>(pathsBySignature.values());
    }

    /** The call paths of every signature the remapped events carry, in order of first appearance. */
    public List<CallPath> callPaths() {
        List<CallPath> paths = new ArrayList<>();
        for (CallPath p : pathsBySignature.values()) if (used.contains(p.signature())) paths.add(p);
        return paths;
    }

    private static void checkExplained(RankTrace trace, List<CallPath> localPaths) {
        Map<Long, Integer> siteBySignature = new HashMap<>();
        for (CallPath p : localPaths) siteBySignature.put(p.signature(), p.site());
        long[] w = trace.words();
        for (int i = 0; i < trace.eventCount(); i++) {
            int base = RankTrace.base(i);
            Integer site = siteBySignature.get(w[base + Event.W_STACK]);
            if (site == null || site != Event.site(w, base))
                throw new IllegalArgumentException("rank " + trace.rank() + " event " + i + ": its stack signature "
                        + Long.toHexString(w[base + Event.W_STACK]) + " is not explained by the rank's call paths");
        }
    }

    private static CallPath renumber(String who, CallPath p, int[] map) {
        int[] callers = new int[p.callers().length];
        for (int i = 0; i < callers.length; i++) {
            int c = p.callers()[i];
            callers[i] = c == CallPath.UNRECORDED ? c : mapped(who, c, map);
        }
        return new CallPath(p.signature(), mapped(who, p.site(), map), callers);
    }

    private static int mapped(String who, int local, int[] map) {
        if (local < 0 || local >= map.length)
            throw new IllegalArgumentException(who + ": a call path names call site " + local + " missing from its table");
        return map[local];
    }
}
