package org.mpjtrace.cli.it;

import java.util.List;
import java.util.Set;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.global.GlobalTrace;

/** Questions the tests ask of a global trace. */
final class GlobalCalls {
    private GlobalCalls() {}

    /** Adds "op site-key" for every distinct call of the trace (site keys, not ids: ids differ between runs). */
    static void distinct(TraceFile trace, Set<String> out) {
        distinct(trace, trace.global().nodes(), out);
    }

    private static void distinct(TraceFile trace, List<GlobalNode> nodes, Set<String> out) {
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalEvent e) out.add(Op.ofCode(e.op()).mpjName + " " + trace.site(e.site()).key());
            else distinct(trace, ((GlobalLoop) n).body(), out);
        }
    }

    /**
     * Whether ranks a and b make the same calls with the same values in the trace (peers relative to
     * each rank): every node runs on both or on neither, and every value and loop count is the same.
     */
    static boolean sameBehaviour(GlobalTrace trace, int a, int b) {
        return same(trace.nodes(), a, b);
    }

    private static boolean same(List<GlobalNode> nodes, int a, int b) {
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalEvent e) {
                if (e.ranks().contains(a) != e.ranks().contains(b)) return false;
                if (!e.ranks().contains(a)) continue;
                for (Field f : Field.ALL) {
                    if (!java.util.Objects.equals(e.field(f).valueFor(a), e.field(f).valueFor(b))) return false;
                }
            } else {
                GlobalLoop l = (GlobalLoop) n;
                if (l.ranks().contains(a) != l.ranks().contains(b)) return false;
                if (!l.ranks().contains(a)) continue;
                if (!java.util.Objects.equals(l.counts().valueFor(a), l.counts().valueFor(b))) return false;
                if (!same(l.body(), a, b)) return false;
            }
        }
        return true;
    }
}
