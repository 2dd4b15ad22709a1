package org.mpjtrace.trace.global;

import java.util.ArrayList;
import java.util.List;

/**
 * Renumbers the call-site ids of a rank's global trace from its JVM's table to the job's unified one
 * before it is merged (with niodev every JVM numbers sites in its own order; the merge itself matches
 * calls by stack signature, but the merged trace names sites by the unified ids).
 */
public final class SiteRenumbering {
    private SiteRenumbering() {}

    /**
     * @param map unified id of each local site id
     * @throws IllegalArgumentException when an event names a site outside {@code map}
     */
    public static GlobalTrace renumber(GlobalTrace trace, int[] map) {
        return new GlobalTrace(renumber(trace.nodes(), map), trace.ranks());
    }

    private static List<GlobalNode> renumber(List<GlobalNode> nodes, int[] map) {
        List<GlobalNode> out = new ArrayList<>(nodes.size());
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalEvent e) {
                if (e.site() < 0 || e.site() >= map.length) throw new IllegalArgumentException("event names call site " + e.site() + " outside its table");
                out.add(new GlobalEvent(e.op(), e.thread(), map[e.site()], e.stack(), e.ranks(), e.fields(), e.compute(), e.inside()));
            } else {
                GlobalLoop l = (GlobalLoop) n;
                out.add(new GlobalLoop(renumber(l.body(), map), l.counts(), l.ranks()));
            }
        }
        return out;
    }
}
