package org.mpjtrace.cli.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.mpjtrace.cli.format.Units;
import org.mpjtrace.cli.phases.AcrossRanks;
import org.mpjtrace.cli.phases.CallBudget;
import org.mpjtrace.cli.phases.Phase;
import org.mpjtrace.cli.phases.PhaseMarkers;
import org.mpjtrace.cli.phases.PhasesText;
import org.mpjtrace.cli.phases.RankClass;
import org.mpjtrace.trace.TraceFile;

/**
 * The report's execution phases: what {@code mpjtrace phases} prints without {@code --rank} (the
 * trace-segmentation paper's phases, per class of ranks with the same boundaries and patterns), as
 * tables. Finding them reads the calls of every rank once more: a dump's (or a trace's with each call's
 * own times) one by one, a compressed trace's loops one iteration each where the iterations are alike.
 * Past {@link #MAX_CALLS} calls read so, the page says to run {@code mpjtrace phases} instead: the report
 * of a 10-million-call dump stays within the few seconds it takes (docs/benchmarks.md), and a compressed
 * trace of 40 million calls gets its phases.
 */
final class PhasesSection {
    static final long MAX_CALLS = 2_000_000;

    private PhasesSection() {}

    /** @param calls the calls of every rank together, as the profile counted them */
    static void write(Html h, TraceFile trace, String fileLabel, long calls) {
        h.element("h2", "Phases");
        AcrossRanks a;
        try {
            a = AcrossRanks.of(trace, null, 0, new CallBudget(MAX_CALLS));
        } catch (CallBudget.Spent e) {
            h.raw("<p class=\"note\">").text("Not computed here: of its " + calls + " calls, more than " + MAX_CALLS
                    + " would be read one by one; mpjtrace phases " + fileLabel + " finds them.").raw("</p>");
            return;
        } catch (IllegalArgumentException | IllegalStateException e) {
            h.raw("<p class=\"note\">").text("No phases: " + e.getMessage()).raw("</p>");
            return;
        }
        h.raw("<p>").text(a.classes().size() + (a.classes().size() == 1 ? " class" : " classes") + " of ranks whose phases have the "
                + "same boundaries (call indices) and patterns; each rank's segmentation tree cut at the level of greatest total "
                + "strength (mpjtrace phases --rank R shows one rank's tree). Times: the mean over a class's ranks.").raw("</p>");
        TreeSet<Integer> used = new TreeSet<>();
        for (RankClass c : a.classes()) for (Phase p : c.phases()) used.addAll(p.patterns());
        List<Object[]> patterns = new ArrayList<>();
        for (int p : used) patterns.add(new Object[] {"P" + p, PhasesText.body(a.names(), a.bodies().get(p))});
        h.raw("<details><summary>").text("Patterns (" + used.size() + "): their calls, op, call site, peer relative to the rank or root")
                .raw("</summary>");
        h.table(new String[] {"pattern", "calls"}, patterns);
        h.raw("</details>");
        for (RankClass c : a.classes()) {
            h.element("h3", "Ranks " + c.compactRanks() + " (" + c.ranks().size() + "): t=" + c.threshold() + ", " + c.phases().size() + " phases");
            // Rank 0's class of a clustered trace (format 18 on): the states in which the markers acted in each phase.
            PhaseMarkers markers = c.ranks().contains(0) ? PhaseMarkers.of(c.phases(), trace.markers()) : null;
            List<Object[]> rows = new ArrayList<>();
            for (Phase p : c.phases()) {
                Object[] row = {p.index(), p.firstCall(), p.lastCall(), p.calls(), PhasesText.patterns(p.patterns()),
                        PhasesText.functions(p.functions()), Units.millis(p.durationNs()), Units.millis(p.computeNs())};
                if (markers != null) {
                    row = Arrays.copyOf(row, row.length + 1);
                    row[row.length - 1] = markers.states(p.index());
                }
                rows.add(row);
            }
            String[] headings = {"phase", "first call", "last call", "calls", "patterns", "functions (calls)", "MPJ ms", "compute ms"};
            if (markers != null) {
                headings = Arrays.copyOf(headings, headings.length + 1);
                headings[headings.length - 1] = "markers (states, in order)";
            }
            h.table(headings, rows);
        }
    }
}
