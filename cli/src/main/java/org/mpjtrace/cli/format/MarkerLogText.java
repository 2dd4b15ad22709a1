package org.mpjtrace.cli.format;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.ClusteringKeys;
import org.mpjtrace.trace.cluster.MarkerChoice;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.cluster.MarkerState;

/** The short texts about a chameleon trace's marker log that run, decode, stats and clusters share. */
public final class MarkerLogText {

    private MarkerLogText() {}

    /**
     * {@code interim trace: written at marker 7; the job did not reach MPI.Finalize}, or null when the
     * job finished. Rank 0 rewrites the file at every merge, so a job that died leaves the last of them.
     */
    public static String interimNote(MarkerLog log) {
        if (log.finished()) return null;
        String when = log.records().isEmpty() ? "before the first marker"
                : "at marker " + log.records().get(log.records().size() - 1).index();
        return "interim trace: written " + when + "; the job did not reach MPI.Finalize";
    }

    /** {@code 1 in C, 5 in L, 3 in AT}: how many records are in each of {@code states}, in that order. */
    public static String stateCounts(MarkerLog log, MarkerState... states) {
        StringJoiner j = new StringJoiner(", ");
        for (MarkerState s : states) j.add(log.count(s) + " in " + s);
        return j.toString();
    }

    /**
     * {@code 4 clusters (in force at 8 of 9 markers), 9 markers acted on}: the governing clustering, the
     * one in force at the most markers (the latest of equals), not merely the last one made (which may
     * be a phase's at its very end), and the markers acted on (F aside).
     */
    public static String clustersAndMarkers(MarkerLog log) {
        Clustering c = governing(log);
        long markers = log.records().size() - log.count(MarkerState.F);
        String clusters = c == null ? "no clustering" : plural(c.clusters().size(), "cluster") + " (in force at " + inForce(log, c) + " of " + markers + " markers)";
        return clusters + ", " + plural(markers, "marker") + " acted on";
    }

    /**
     * The governing clustering: the one in force at the most acted-on markers (the latest of equals), not
     * merely the last one made, which may be a phase's at its very end; null when no acted-on marker had
     * clusters in force (a clustering made at Finalize only does not govern a run).
     */
    public static Clustering governing(MarkerLog log) {
        Map<Integer, Integer> inForce = new HashMap<>();
        for (MarkerRecord r : log.records()) if (r.clustering() >= 0 && r.state() != MarkerState.F) inForce.merge(r.clustering(), 1, Integer::sum);
        int governing = -1, most = 0;
        for (Map.Entry<Integer, Integer> e : inForce.entrySet())
            if (e.getValue() > most || e.getValue() == most && e.getKey() > governing) {
                governing = e.getKey();
                most = e.getValue();
            }
        Clustering c = null;
        for (MarkerRecord r : log.records()) if (r.clustering() == governing) c = log.clusteringOf(r);
        return c;
    }

    private static int inForce(MarkerLog log, Clustering c) {
        int n = 0;
        for (MarkerRecord r : log.records()) if (r.state() != MarkerState.F && log.clusteringOf(r) == c) n++;
        return n;
    }

    /**
     * What the marker rule did, for run, stats and clusters. Marker auto: per choice, the collective it
     * chose and its callers (or each rank's own loop), the period, how often it acted in each state, and why (a second line); or
     * that it found no loop. Under any rule, where clusters split at MPI.Finalize, how many ranks traced their
     * own calls there, and a warning when ranks changed after the last marker and could not. An explicit rule
     * that never fired: a one-line warning. Else nothing.
     */
    public static List<String> markerLines(TraceFile trace) {
        MarkerLog log = trace.markers();
        List<String> lines = new ArrayList<>();
        if (log.auto()) {
            if (log.choices().isEmpty())
                lines.add("marker auto found no loop (" + (log.candidates() == 0 ? "no collective on all ranks, and no loop of its own calls on every rank"
                        : log.candidates() < ClusteringKeys.AUTO_FIRST_LOOK ? "only " + plural(log.candidates(), "collective") + " on all ranks, too few to look for one"
                        : plural(log.candidates(), "collective") + " on all ranks, not repeating alike on every rank")
                        + "): the ranks clustered once, at MPI.Finalize");
            int[] from = choiceStarts(log);
            for (int i = 0; i < log.choices().size(); i++) {
                MarkerChoice c = log.choices().get(i);
                Map<MarkerState, Integer> acted = new EnumMap<>(MarkerState.class);
                int n = 0;
                for (MarkerRecord r : log.records().subList(from[i], from[i + 1]))
                    if (r.state() != MarkerState.F) {
                        acted.merge(r.state(), 1, Integer::sum);
                        n++;
                    }
                StringJoiner states = new StringJoiner(", ");
                for (MarkerState st : new MarkerState[] {MarkerState.AT, MarkerState.C, MarkerState.L})
                    states.add(acted.getOrDefault(st, 0) + " in " + st);
                String callers = c.callers().isEmpty() ? "" : " (called from " + c.callers() + ")";
                lines.add("marker auto: " + (c.ownLoops()
                        ? "each rank's own loop, no collective (rank 0's: " + plural(c.period(), "call") + " an iteration, proposed at "
                                + c.site() + callers + ")"
                        : c.site() + callers + ", every " + plural(c.period(), "collective") + " on all ranks from collective " + c.collective())
                        + "; acted on " + plural(n, "time") + " (" + states + ")");
                lines.add("  why: " + c.reason());
            }
            boolean ownLoops = !log.choices().isEmpty() && log.choices().get(log.choices().size() - 1).ownLoops();
            splitLines(log, lines);
            unlikeWarnings(log, ownLoops ? "(compared over the whole run: the ranks clustered on their own loops)" : null, "at collective ", lines);
            return lines;
        }
        splitLines(log, lines);
        if (log.records().stream().anyMatch(r -> r.state() == MarkerState.F && r.changedRanks() > 0)) {
            unlikeWarnings(log, null, "marker call ", lines);
        } else if (log.records().stream().allMatch(r -> r.state() == MarkerState.F)) {
            String rule = ClusteringSettings.marker(trace);
            if (!rule.startsWith("none"))
                lines.add("warning: marker rule " + rule + " never fired during the run: the ranks clustered once, at MPI.Finalize; "
                        + "try --marker auto");
        }
        return lines;
    }

    /**
     * Where each of marker auto's choices acted: the index of its first record (the first at or after its
     * collective; a choice of the ranks' new own loops, whose records all count the same collectives, at its
     * state C), and the record count last.
     */
    private static int[] choiceStarts(MarkerLog log) {
        List<MarkerChoice> choices = log.choices();
        List<MarkerRecord> records = log.records();
        int[] from = new int[choices.size() + 1];
        int k = 0;
        for (int i = 0; i < choices.size(); i++) {
            MarkerChoice c = choices.get(i);
            while (k < records.size() && records.get(k).markerCall() < c.collective()) k++;
            if (i > 0 && c.ownLoops() && choices.get(i - 1).ownLoops()) {
                k = Math.max(k, from[i - 1] + 1);
                while (k < records.size() && records.get(k).state() != MarkerState.C) k++;
            }
            from[i] = k;
        }
        from[choices.size()] = records.size();
        return from;
    }

    /**
     * Where clusters in force split at MPI.Finalize (the non-leads whose calls were not their lead's traced
     * their own for the merge): {@code at MPI.Finalize 4 ranks whose calls were not their lead's traced their
     * own (2 clusters became 4)}.
     */
    private static void splitLines(MarkerLog log, List<String> lines) {
        List<MarkerRecord> records = log.records();
        for (int i = 1; i < records.size(); i++) {
            MarkerRecord end = records.get(i), before = records.get(i - 1);
            if (end.state() != MarkerState.F || before.state() == MarkerState.AT) continue;
            Clustering was = log.clusteringOf(before), now = log.clusteringOf(end);
            if (was == null || now == null || was == now) continue;
            int moved = 0;
            for (Cluster c : now.clusters())
                for (int r : c.members().toArray()) {
                    Cluster old = was.clusterOf(r);
                    if (old != null && old.lead() != c.lead()) moved++;
                }
            if (moved > 0)
                lines.add("at MPI.Finalize " + plural(moved, "rank") + " whose calls were not their lead's traced their own ("
                        + plural(was.clusters().size(), "cluster") + " became " + now.clusters().size() + ")");
        }
    }

    /**
     * A warning per Finalize record that counted non-leads unlike their lead: compared {@code over} (null: after
     * the last marker acted on, whose count {@code callNoun} names).
     */
    private static void unlikeWarnings(MarkerLog log, String over, String callNoun, List<String> lines) {
        for (MarkerRecord r : log.records())
            if (r.state() == MarkerState.F && r.changedRanks() > 0)
                lines.add("warning: " + plural(r.changedRanks(), "non-lead rank") + " made other calls than their lead "
                        + (over != null ? over : "after the last marker acted on (" + callNoun + r.markerCall() + ")")
                        + ": the trace has their lead's calls there");
    }

    /** {@code 6, 3.210 ms in all (longest 1.000 ms)}: the markers (and F) at which the leads merged calls. */
    public static String merges(MarkerLog log) {
        long count = 0, total = 0, longest = 0;
        for (MarkerRecord r : log.records()) {
            if (r.mergedCalls() == 0) continue;
            count++;
            total += r.mergeNanos();
            longest = Math.max(longest, r.mergeNanos());
        }
        if (count == 0) return "none";
        return count + ", " + Units.millis(total) + " ms in all (longest " + Units.millis(longest) + " ms)";
    }

    static String plural(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
