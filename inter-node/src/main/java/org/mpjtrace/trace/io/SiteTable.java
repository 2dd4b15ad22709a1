package org.mpjtrace.trace.io;

import java.util.List;
import org.mpjtrace.trace.CallSite;

/** The SITES section's object: a named class, so it can be registered like every other one. */
record SiteTable(List<CallSite> sites) {

    /** Each site's own stack signature, by site id (a table's ids are its indices). */
    static long[] stacks(List<CallSite> sites) {
        long[] stacks = new long[sites.size()];
        for (int i = 0; i < stacks.length; i++) stacks[i] = sites.get(i).stackSignature();
        return stacks;
    }
}
