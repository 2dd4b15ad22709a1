package org.mpjtrace.trace.global;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.Histogram;
import org.mpjtrace.trace.fold.ValueSeq;

/**
 * Merges the traces of two disjoint sets of ranks into one (ScalaTrace's inter-node compression): the
 * two node lists are aligned by longest common subsequence; matched nodes become one node whose rank
 * set is the union and whose parameters keep each side's values (equal values share an entry);
 * unmatched nodes keep their place and their ranks. Each side's own order is preserved, so expanding
 * the result for any rank gives back that rank's trace exactly.
 *
 * <p>Events match when they are the same call (op and stack signature). Loops match when their bodies
 * have a call in common anywhere (a 2D stencil's corner and interior ranks run the same time-step loop
 * with 2 and 4 neighbours); their bodies are then merged the same way. Cost: O(n m) per level for
 * lists of n and m nodes, on compressed traces that are small.
 */
public final class TraceMerge {
    private TraceMerge() {}

    public static GlobalTrace merge(GlobalTrace a, GlobalTrace b) {
        return new GlobalTrace(merge(a.nodes(), b.nodes()), a.ranks().union(b.ranks()));
    }

    static List<GlobalNode> merge(List<GlobalNode> a, List<GlobalNode> b) {
        int n = a.size(), m = b.size();
        int[][] lcs = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--)
            for (int j = m - 1; j >= 0; j--)
                lcs[i][j] = matches(a.get(i), b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
        List<GlobalNode> out = new ArrayList<>(Math.max(n, m));
        int i = 0, j = 0;
        while (i < n && j < m) {
            if (matches(a.get(i), b.get(j)) && lcs[i][j] == lcs[i + 1][j + 1] + 1) {
                out.add(mergeNodes(a.get(i++), b.get(j++)));
            } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
                out.add(a.get(i++));
            } else {
                out.add(b.get(j++));
            }
        }
        while (i < n) out.add(a.get(i++));
        while (j < m) out.add(b.get(j++));
        return out;
    }

    static boolean matches(GlobalNode x, GlobalNode y) {
        if (x instanceof GlobalEvent ex && y instanceof GlobalEvent ey) return ex.sameCall(ey);
        if (x instanceof GlobalLoop lx && y instanceof GlobalLoop ly) {
            Set<String> calls = callsIn(lx.body(), new HashSet<>());
            return sharesCall(ly.body(), calls);
        }
        return false;
    }

    private static Set<String> callsIn(List<GlobalNode> nodes, Set<String> into) {
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalEvent e) into.add(e.op() + ":" + e.stack());
            else callsIn(((GlobalLoop) n).body(), into);
        }
        return into;
    }

    private static boolean sharesCall(List<GlobalNode> nodes, Set<String> calls) {
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalEvent e ? calls.contains(e.op() + ":" + e.stack()) : sharesCall(((GlobalLoop) n).body(), calls))
                return true;
        }
        return false;
    }

    private static GlobalNode mergeNodes(GlobalNode x, GlobalNode y) {
        if (x instanceof GlobalEvent a) {
            GlobalEvent b = (GlobalEvent) y;
            List<Alternatives<ValueSeq>> fields = new ArrayList<>(Field.ALL.length);
            for (Field f : Field.ALL) fields.add(a.field(f).merge(b.field(f)));
            return new GlobalEvent(a.op(), a.thread(), a.site(), a.stack(), a.ranks().union(b.ranks()), fields,
                    sum(a.compute(), b.compute()), sum(a.inside(), b.inside()));
        }
        GlobalLoop a = (GlobalLoop) x, b = (GlobalLoop) y;
        return new GlobalLoop(merge(a.body(), b.body()), a.counts().merge(b.counts()), a.ranks().union(b.ranks()));
    }

    /** A new histogram of both sides' times; neither side changes (they may be a rank's live ones). */
    static Histogram sum(Histogram a, Histogram b) {
        Histogram h = new Histogram();
        h.addAll(a);
        h.addAll(b);
        return h;
    }
}
