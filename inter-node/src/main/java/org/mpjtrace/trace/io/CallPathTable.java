package org.mpjtrace.trace.io;

import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;

/**
 * The CALL_PATHS section's object: the paths, and which of them are a site's own (no callers, the site's
 * signature), which a file of version 20 on writes without their signature. Read back, such a path holds
 * signature 0 until {@link #resolved} gives it its site's.
 *
 * @param fromSite per path, whether it is its site's own and its signature comes from the site table
 */
record CallPathTable(List<CallPath> paths, boolean[] fromSite) {
    /** Every path with its signature written. */
    CallPathTable(List<CallPath> paths) {
        this(paths, new boolean[paths.size()]);
    }

    /** A table as the writer has it: a path is its site's own where it has no callers and the site's signature. */
    static CallPathTable of(List<CallPath> paths, List<CallSite> sites) {
        boolean[] own = new boolean[paths.size()];
        for (int i = 0; i < own.length; i++) {
            CallPath p = paths.get(i);
            own[i] = p.callers().length == 0 && p.site() >= 0 && p.site() < sites.size() && sites.get(p.site()).stackSignature() == p.signature();
        }
        return new CallPathTable(paths, own);
    }

    /**
     * The paths with every site's own one given its site's signature; one naming a site outside the table
     * keeps signature 0, for {@link org.mpjtrace.trace.io.rules.TraceRules#callPathSitesProblem} to refuse.
     */
    List<CallPath> resolved(List<CallSite> sites) {
        List<CallPath> out = new ArrayList<>(paths.size());
        for (int i = 0; i < paths.size(); i++) {
            CallPath p = paths.get(i);
            boolean known = p.site() >= 0 && p.site() < sites.size();
            out.add(fromSite[i] && known ? new CallPath(sites.get(p.site()).stackSignature(), p.site(), p.callers()) : p);
        }
        return out;
    }
}
