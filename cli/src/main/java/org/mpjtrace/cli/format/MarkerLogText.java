package org.mpjtrace.cli.format;

import java.util.HashMap;
import java.util.Map;
import java.util.StringJoiner;
import org.mpjtrace.trace.cluster.Clustering;
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
        Map<Integer, Integer> inForce = new HashMap<>();
        for (MarkerRecord r : log.records()) if (r.clustering() >= 0 && r.state() != MarkerState.F) inForce.merge(r.clustering(), 1, Integer::sum);
        int governing = -1, most = 0;
        for (Map.Entry<Integer, Integer> e : inForce.entrySet())
            if (e.getValue() > most || e.getValue() == most && e.getKey() > governing) {
                governing = e.getKey();
                most = e.getValue();
            }
        long markers = log.records().size() - log.count(MarkerState.F);
        Clustering c = null;
        for (MarkerRecord r : log.records()) if (r.clustering() == governing) c = log.clusteringOf(r);
        String clusters = c == null ? "no clustering" : plural(c.clusters().size(), "cluster") + " (in force at " + most + " of " + markers + " markers)";
        return clusters + ", " + plural(markers, "marker") + " acted on";
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
