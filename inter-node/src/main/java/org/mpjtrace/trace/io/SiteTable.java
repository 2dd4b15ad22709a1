package org.mpjtrace.trace.io;

import java.util.List;
import org.mpjtrace.trace.CallSite;

/** The SITES section's object: a named class, so it can be registered like every other one. */
record SiteTable(List<CallSite> sites) {
}
