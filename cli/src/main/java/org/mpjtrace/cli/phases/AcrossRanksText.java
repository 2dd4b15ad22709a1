package org.mpjtrace.cli.phases;

import java.io.PrintWriter;
import java.util.TreeSet;
import org.mpjtrace.cli.format.Units;

/**
 * {@code mpjtrace phases} without {@code --rank}, as text: the patterns the classes' phases hold (ids
 * shared by all ranks), then per rank class its ranks, the threshold and the phase table.
 */
public final class AcrossRanksText {
    private AcrossRanksText() {}

    public static void print(PrintWriter out, String file, AcrossRanks a, boolean thresholdGiven) {
        int ranks = 0;
        for (RankClass c : a.classes()) ranks += c.ranks().size();
        out.printf("%s: %d rank%s with calls in %d rank class%s (ranks whose phases have the same first and last call indices "
                + "and the same patterns)%n", file, ranks, ranks == 1 ? "" : "s", a.classes().size(),
                a.classes().size() == 1 ? "" : "es");
        if (!a.withoutCalls().isEmpty())
            out.printf("ranks without MPJ calls: %s%n", new RankClass(a.withoutCalls(), 0, java.util.List.of()).compactRanks());
        out.printf("threshold t: %s; one rank's tree and patterns: --rank R%n",
                thresholdGiven ? "as given" : "chosen on each rank (the level whose cut has the greatest total strength s)");
        out.println();
        TreeSet<Integer> used = new TreeSet<>();
        for (RankClass c : a.classes()) for (Phase p : c.phases()) used.addAll(p.patterns());
        out.println("patterns (ids shared by the ranks; calls: op, call site, peer relative to the rank or root):");
        for (int p : used) out.printf("  P%-4d %s%n", p, PhasesText.body(a.names(), a.bodies().get(p)));
        for (RankClass c : a.classes()) {
            out.println();
            out.printf("ranks %s (%d): t=%d, %d phases (first, last: call indices; times in ms, the mean over these ranks):%n",
                    c.compactRanks(), c.ranks().size(), c.threshold(), c.phases().size());
            out.printf("  %5s %7s %7s %7s %10s %10s  %-20s %s%n", "phase", "first", "last", "calls", "mpj_ms", "compute_ms", "patterns",
                    "functions (calls)");
            for (Phase p : c.phases()) {
                out.printf("  %5d %7d %7d %7d %10s %10s  %-20s %s%n", p.index(), p.firstCall(), p.lastCall(), p.calls(),
                        Units.millis(p.durationNs()), Units.millis(p.computeNs()), PhasesText.patterns(p.patterns()),
                        PhasesText.functions(p.functions()));
            }
        }
        out.flush();
    }
}
