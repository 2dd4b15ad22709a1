package org.mpjtrace.cli.phases;

import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerRecord;

/**
 * Where a clustered run acted on its markers among rank 0's phases: online clustering and offline phase
 * detection side by side. When the loop changes, marker auto goes back to every rank tracing (AT), clusters
 * again (C) and leaves the leads alone (L); phase detection finds the change afterwards from the calls
 * alone. So a phase that holds a new loop should begin its markers with AT, and `phases` shows whether it
 * does (ShiftingLoops: its second loop's phase starts AT, AT, AT, C, then L).
 *
 * <p>Each record says at which of rank 0's calls rank 0 acted on it (format version 18 on); records
 * without that, and calls outside every phase, are not placed.
 *
 * @param byPhase  per phase, in order, the records that fell in it
 * @param unplaced records whose place among rank 0's calls is not known
 */
public record PhaseMarkers(List<List<MarkerRecord>> byPhase, int unplaced) {

    /** The markers among {@code phases} (rank 0's), or null when the log places none of them. */
    public static PhaseMarkers of(List<Phase> phases, MarkerLog log) {
        if (log == null || log.records().stream().noneMatch(r -> r.rankZeroCall() >= 0)) return null;
        List<List<MarkerRecord>> byPhase = new ArrayList<>();
        for (int i = 0; i < phases.size(); i++) byPhase.add(new ArrayList<>());
        int unplaced = 0;
        for (MarkerRecord r : log.records()) {
            int at = phaseOf(phases, r.rankZeroCall());
            if (at < 0) unplaced++;
            else byPhase.get(at).add(r);
        }
        return new PhaseMarkers(byPhase, unplaced);
    }

    private static int phaseOf(List<Phase> phases, long call) {
        if (call < 0) return -1;
        for (int i = 0; i < phases.size(); i++)
            if (call >= phases.get(i).firstCall() && call <= phases.get(i).lastCall()) return i;
        return -1;
    }

    /** The states of a phase's markers in order, runs counted: {@code AT x2, C, L x5}; {@code -} for none. */
    public String states(int phase) {
        List<MarkerRecord> rs = byPhase.get(phase);
        if (rs.isEmpty()) return "-";
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < rs.size(); ) {
            int j = i;
            while (j < rs.size() && rs.get(j).state() == rs.get(i).state()) j++;
            if (b.length() > 0) b.append(", ");
            b.append(rs.get(i).state());
            if (j - i > 1) b.append(" x").append(j - i);
            i = j;
        }
        return b.toString();
    }
}
