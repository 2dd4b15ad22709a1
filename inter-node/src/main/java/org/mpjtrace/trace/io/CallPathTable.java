package org.mpjtrace.trace.io;

import java.util.List;
import org.mpjtrace.trace.CallPath;

/** The CALL_PATHS section's object: a named class, so it can be registered like every other one. */
record CallPathTable(List<CallPath> paths) {
}
