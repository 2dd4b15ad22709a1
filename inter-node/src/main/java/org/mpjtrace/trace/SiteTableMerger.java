package org.mpjtrace.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Unifies call-site tables numbered independently by different JVMs (niodev: one JVM per rank) into one
 * table, matching sites by {@link CallSite#key()}, and renumbers the site field of each rank's events.
 */
public final class SiteTableMerger {
    private final Map<String, Integer> idsByKey = new HashMap<>();
    private final List<CallSite> merged = new ArrayList<>();

    /**
     * Renumbers the events of {@code trace} (in place) from the ids of {@code localSites} to the merged
     * table's, and returns it.
     *
     * @throws IllegalArgumentException when an event names a site missing from {@code localSites}, or
     *                                  the table's ids are not its indexes
     */
    public RankTrace remap(RankTrace trace, List<CallSite> localSites) {
        int[] map = new int[localSites.size()];
        for (int i = 0; i < map.length; i++) {
            CallSite s = localSites.get(i);
            if (s.id() != i) throw new IllegalArgumentException("site table out of order at " + i);
            map[i] = idsByKey.computeIfAbsent(s.key(), k -> {
                merged.add(new CallSite(merged.size(), s.className(), s.methodName(), s.line(), s.ordinal(), s.api(), s.stackSignature()));
                return merged.size() - 1;
            });
        }
        long[] w = trace.words();
        for (int i = 0; i < trace.eventCount(); i++) {
            int base = RankTrace.base(i);
            int local = Event.site(w, base);
            if (local < 0 || local >= map.length)
                throw new IllegalArgumentException("rank " + trace.rank() + " event " + i + " names call site " + local + " missing from its table");
            w[base + Event.W_OP_SITE] = Event.pack(Event.opCode(w, base), map[local]);
        }
        return trace;
    }

    public List<CallSite> sites() {
        return new ArrayList<>(merged);
    }
}
