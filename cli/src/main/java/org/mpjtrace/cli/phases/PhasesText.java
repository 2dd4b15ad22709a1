package org.mpjtrace.cli.phases;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import org.mpjtrace.cli.format.Units;

/** {@code mpjtrace phases} as text: the patterns, the segmentation tree, then the phase table. */
public final class PhasesText {
    /** Calls of a pattern's body shown before "...". */
    private static final int BODY_SHOWN = 4;

    private PhasesText() {}

    /** @param markers where the run's markers fell among the phases (rank 0 of a clustered trace), or null */
    public static void print(PrintWriter out, String file, PhaseDetection d, PhaseMarkers markers) {
        PatternSequence ps = d.patterns();
        SegmentTree tree = d.tree();
        out.printf("%s: rank %d, %d calls as %d occurrences of %d patterns%n", file, d.calls().rank(), d.calls().size(),
                ps.occurrences(), ps.patterns());
        out.printf("threshold t=%d (%s; the tree's levels are 0..%d)%n", d.threshold(),
                d.chosen() ? "chosen: the level whose cut has the greatest total strength s; set it with --threshold"
                        : "as given", tree.height());
        out.println();
        out.println("patterns (occurrences, calls: op, call site, peer relative to the rank or root):");
        long[] occurrences = ps.occurrenceCounts();
        for (int p = 0; p < ps.patterns(); p++)
            out.printf("  P%-4d %6dx  %s%n", p, occurrences[p], body(d.calls().names(), ps.bodies().get(p)));
        out.println();
        out.println("segmentation tree (Ps, Pe, pc: positions in the pattern sequence; pc the last of the left part; "
                + "s the strength, eq. 11; * cut):");
        int width = 6;
        for (Segment s : tree.nodes()) width = Math.max(width, 2 * s.depth() + 2 + Integer.toString(s.id()).length());
        out.printf("  %-" + width + "s %7s %7s %7s %9s %7s %9s %6s%n", "node", "Ps", "Pe", "l", "D_JS", "pc", "s", "parent");
        for (Segment s : inOrder(tree)) {
            String name = "  ".repeat(s.depth()) + "S" + s.id() + (s.isCut() ? "*" : "");
            out.printf(Locale.ROOT, "  %-" + width + "s %7d %7d %7d %9.5f %7s %9s %6s%n", name, s.start(), s.end(), s.length(),
                    s.djs(), s.cut() < 0 ? "-" : Integer.toString(s.cut()),
                    Double.isNaN(s.strength()) ? "-" : String.format(Locale.ROOT, "%.3f", s.strength()),
                    s.parent() < 0 ? "-" : "S" + s.parent());
        }
        out.println();
        out.printf("phases at t=%d (first, last: call indices of the rank; times in ms: inside MPJ, and computing before its calls):%n",
                d.threshold());
        out.printf("  %5s %7s %7s %7s %10s %10s  %-20s %s%n", "phase", "first", "last", "calls", "mpj_ms", "compute_ms", "patterns",
                "functions (calls)");
        for (Phase p : d.phases()) {
            out.printf("  %5d %7d %7d %7d %10s %10s  %-20s %s%n", p.index(), p.firstCall(), p.lastCall(), p.calls(),
                    Units.millis(p.durationNs()), Units.millis(p.computeNs()), patterns(p.patterns()), functions(p.functions()));
        }
        if (markers != null) {
            out.println();
            out.println("markers among the phases (the states in which rank 0 acted on the clustering's markers, in order;"
                    + " a phase that starts a new loop should start with AT):");
            out.printf("  %5s %8s  %s%n", "phase", "markers", "states");
            for (Phase p : d.phases())
                out.printf("  %5d %8d  %s%n", p.index(), markers.byPhase().get(p.index()).size(), markers.states(p.index()));
            if (markers.unplaced() > 0) out.printf("  (%d more not placed among rank 0's calls)%n", markers.unplaced());
        }
        out.flush();
    }

    /** The nodes depth first, left before right: each node under its parent, as an indented tree reads. */
    static List<Segment> inOrder(SegmentTree tree) {
        List<Segment> out = new java.util.ArrayList<>();
        java.util.ArrayDeque<Segment> todo = new java.util.ArrayDeque<>();
        todo.push(tree.root());
        while (!todo.isEmpty()) {
            Segment s = todo.pop();
            out.add(s);
            if (!s.isCut()) continue;
            todo.push(tree.node(s.right()));
            todo.push(tree.node(s.left()));
        }
        return out;
    }

    public static String body(RankCalls.CallIdNames names, int[] body) {
        StringJoiner j = new StringJoiner(" ; ");
        for (int i = 0; i < Math.min(BODY_SHOWN, body.length); i++) j.add(names.name(body[i]));
        if (body.length > BODY_SHOWN) j.add("... (" + body.length + " calls)");
        return j.toString();
    }

    public static String patterns(List<Integer> ids) {
        StringJoiner j = new StringJoiner(",");
        for (int i = 0; i < Math.min(6, ids.size()); i++) j.add("P" + ids.get(i));
        if (ids.size() > 6) j.add("... (" + ids.size() + ")");
        return j.toString();
    }

    public static String functions(List<Phase.FunctionCalls> fs) {
        StringJoiner j = new StringJoiner(", ");
        for (int i = 0; i < Math.min(4, fs.size()); i++) j.add(fs.get(i).name() + " (" + fs.get(i).calls() + ")");
        if (fs.size() > 4) j.add("... (" + fs.size() + " functions)");
        return j.toString();
    }
}
