package org.mpjtrace.trace.io.rules;

import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.global.Alternatives;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * What a global trace must satisfy, on its own and against the rest of its file: a shape that a rank's
 * calls can be rebuilt from, events naming call sites of the site table and, in a trace with calling
 * context, stack signatures of the call-path table that stand for those sites (as rank events must, see
 * {@link TraceRules#stackProblem}), since every command that rebuilds a rank's calls from it (stats'
 * dump size, decode --expand, compare, replay) needs all three.
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

    /**
     * What rebuilding a rank's calls ({@link org.mpjtrace.trace.global.GlobalExpansion}) needs: every value
     * sequence holds a value, every loop count is at least 1, and every rank of a loop runs some node of its
     * body. Then each pass through a loop gives each of its ranks at least one call, so a rebuild's work
     * is bounded by the calls it makes. The first problem, or null.
     */
    public static String shapeProblem(GlobalTrace global) {
        return shapeProblem(global.nodes(), "");
    }

    private static String shapeProblem(List<GlobalNode> nodes, String where) {
        for (int i = 0; i < nodes.size(); i++) {
            String at = where + (where.isEmpty() ? "global trace node " : ".") + i;
            String p;
            if (nodes.get(i) instanceof GlobalEvent e) {
                p = null;
                for (Field f : Field.ALL) if (p == null) p = emptyProblem(e.field(f), at + " field " + f);
            } else {
                p = loopProblem((GlobalLoop) nodes.get(i), at);
            }
            if (p != null) return p;
        }
        return null;
    }

    private static String loopProblem(GlobalLoop loop, String at) {
        String p = emptyProblem(loop.counts(), at + " loop counts");
        if (p != null) return p;
        for (Alternatives.Alternative<ValueSeq> a : loop.counts().list()) {
            long least = least(a.value().elements());
            if (least < 1) return at + ": loop count " + (least == Long.MIN_VALUE ? "out of range" : least) + " for ranks " + a.ranks();
        }
        RankSet run = RankSet.empty();
        for (GlobalNode b : loop.body()) run = run.union(b.ranks());
        if (!run.equals(loop.ranks())) return at + ": loop of ranks " + loop.ranks() + " whose body runs on " + run;
        return shapeProblem(loop.body(), at);
    }

    private static String emptyProblem(Alternatives<ValueSeq> values, String what) {
        for (Alternatives.Alternative<ValueSeq> a : values.list())
            if (a.value().elements().isEmpty()) return what + ": no values for ranks " + a.ranks();
        return null;
    }

    /** The least value of a sequence, or Long.MIN_VALUE when a run's values wrap past a long. */
    private static long least(List<ValueSeq.Elem> elements) {
        long least = Long.MAX_VALUE;
        for (ValueSeq.Elem e : elements) {
            if (e instanceof ValueSeq.Run r) {
                long steps = r.length() - 1, span = r.stride() * steps, last = r.start() + span;
                boolean spanWraps = Math.multiplyHigh(r.stride(), steps) != (span >> 63);
                boolean lastWraps = ((r.start() ^ last) & (span ^ last)) < 0;
                if (spanWraps || lastWraps) return Long.MIN_VALUE;
                least = Math.min(least, Math.min(r.start(), last));
            } else {
                least = Math.min(least, least(((ValueSeq.Rep) e).body()));
            }
        }
        return least;
    }
}
