package org.mpjtrace.trace.global;

import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;

/**
 * The call-site table cut to the sites a compressed trace names, renumbered from 0. The agent registers
 * every call site it rewrites in the application (constructors, logging, argument parsing: whatever the
 * classes that call MPJ also call), because at class-load time it cannot tell which of them will lead to
 * an MPJ call; only the MPJ call sites, and with calling context their callers, are ever named by the
 * trace. Ring's table held 18 sites for its 6 MPJ calls, 569 of the file's 1,496 bytes.
 *
 * <p>Only for a trace whose every reference to a site id is in its global trace and call-path table: a
 * rank that keeps events of its own names sites in them too, and its section may be on disk already.
 */
public final class SitePruning {

    /** The table, the global trace and the call-path table with the used sites renumbered in their old order. */
    public record Pruned(List<CallSite> sites, GlobalTrace global, List<CallPath> callPaths) {}

    private SitePruning() {}

    /**
     * @param sites  the full table, site i at index i
     * @param global the global trace, or null
     * @param paths  the call-path table, or null
     */
    public static Pruned prune(List<CallSite> sites, GlobalTrace global, List<CallPath> paths) {
        boolean[] used = new boolean[sites.size()];
        if (global != null) mark(global.nodes(), used);
        if (paths != null) {
            for (CallPath p : paths) {
                used[p.site()] = true;
                for (int c : p.callers()) if (c != CallPath.UNRECORDED) used[c] = true;
            }
        }
        int[] map = new int[sites.size()];
        List<CallSite> kept = new ArrayList<>();
        for (CallSite s : sites) {
            if (!used[s.id()]) {
                map[s.id()] = -1;
                continue;
            }
            map[s.id()] = kept.size();
            kept.add(new CallSite(kept.size(), s.className(), s.methodName(), s.line(), s.ordinal(), s.api(), s.stackSignature()));
        }
        GlobalTrace renumbered = global == null ? null : SiteRenumbering.renumber(global, map).withMergeNanos(global.mergeNanos());
        List<CallPath> newPaths = null;
        if (paths != null) {
            newPaths = new ArrayList<>(paths.size());
            for (CallPath p : paths) {
                int[] callers = p.callers().clone();
                for (int i = 0; i < callers.length; i++) if (callers[i] != CallPath.UNRECORDED) callers[i] = map[callers[i]];
                newPaths.add(new CallPath(p.signature(), map[p.site()], callers));
            }
        }
        return new Pruned(List.copyOf(kept), renumbered, newPaths);
    }

    private static void mark(List<GlobalNode> nodes, boolean[] used) {
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalEvent e) used[e.site()] = true;
            else mark(((GlobalLoop) n).body(), used);
        }
    }
}
