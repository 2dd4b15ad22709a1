package org.mpjtrace.trace.io.rules;

import java.util.List;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.global.GlobalTrace;

/** What a global trace must satisfy against the rest of its file. */
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
}
