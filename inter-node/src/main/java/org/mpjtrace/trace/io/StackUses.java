package org.mpjtrace.trace.io;

import java.util.HashMap;
import java.util.Map;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.io.rules.TraceRules;

/**
 * The stack signatures of the ranks a writer has written, so a call-path table written after them
 * (rank 0 knows it only once every rank has arrived) can be checked against them the way a reader
 * will. One entry per distinct (signature, site): a few hundred for a real program, however many
 * events there are.
 */
final class StackUses {
    /** One event using a signature, named for messages. */
    private record Use(long signature, int site, String where) {}

    private final Map<Long, Use> first = new HashMap<>();
    /** A later use of a known signature with another site: whatever the table says, one of the two is wrong. */
    private Use conflict;

    void record(RankTrace t) {
        long[] w = t.words();
        for (int i = 0; i < t.eventCount(); i++) {
            int b = RankTrace.base(i);
            long signature = Event.stack(w, b);
            int site = Event.site(w, b);
            Use known = first.get(signature);
            if (known == null) {
                first.put(signature, new Use(signature, site, where(t, i)));
            } else if (known.site != site && conflict == null) {
                conflict = new Use(signature, site, where(t, i));
            }
        }
    }

    /** The first recorded use that {@code paths} does not explain, or null. */
    String problem(Map<Long, CallPath> paths) {
        for (Use u : first.values()) {
            String problem = problem(u, paths);
            if (problem != null) return problem;
        }
        return conflict == null ? null : problem(conflict, paths);
    }

    private static String problem(Use u, Map<Long, CallPath> paths) {
        String problem = TraceRules.stackUseProblem(paths.get(u.signature), u.signature, u.site);
        return problem == null ? null : u.where + " " + problem;
    }

    private static String where(RankTrace t, int event) {
        return "rank " + t.rank() + ": event " + event;
    }
}
