package org.mpjtrace.trace.io.rules;

import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.global.GlobalTrace;

/**
 * What a global trace must satisfy against the rest of its file: its events name call sites of the site
 * table and, in a trace with calling context, stack signatures of the call-path table that stand for
 * those sites (as rank events must, see {@link TraceRules#stackProblem}), since every command that
 * rebuilds a rank's calls from it (stats' dump size, decode --expand, compare, replay) needs both.
 */
public final class GlobalRules {
    private GlobalRules() {}

    /** The first event naming a call site outside the table, or null. */
    public static String sitesProblem(GlobalTrace global, int siteCount) {
        return sitesProblem(global.nodes(), siteCount);
    }

    private static String sitesProblem(List<GlobalNode> nodes, int siteCount) {
        for (GlobalNode n : nodes) {
            String p = n instanceof GlobalEvent e
                    ? (e.site() < 0 || e.site() >= siteCount ? "global trace event names call site " + e.site() + ", the site table has " + siteCount : null)
                    : sitesProblem(((GlobalLoop) n).body(), siteCount);
            if (p != null) return p;
        }
        return null;
    }

    /** The first event whose stack signature the call-path table does not explain with the event's site, or null. */
    public static String stacksProblem(GlobalTrace global, Map<Long, CallPath> paths) {
        return stacksProblem(global.nodes(), paths);
    }

    private static String stacksProblem(List<GlobalNode> nodes, Map<Long, CallPath> paths) {
        for (GlobalNode n : nodes) {
            String p = n instanceof GlobalEvent e
                    ? TraceRules.stackUseProblem(paths.get(e.stack()), e.stack(), e.site())
                    : stacksProblem(((GlobalLoop) n).body(), paths);
            if (p != null) return n instanceof GlobalEvent ? "global trace event " + p : p;
        }
        return null;
    }
}
