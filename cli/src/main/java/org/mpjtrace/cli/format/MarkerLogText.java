package org.mpjtrace.cli.format;

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

    /** {@code 4 clusters, 9 markers acted on}: the latest clustering's size and the markers (F aside). */
    public static String clustersAndMarkers(MarkerLog log) {
        Clustering latest = null;
        for (MarkerRecord r : log.records()) {
            Clustering c = log.clusteringOf(r);
            if (c != null) latest = c;
        }
        long markers = log.records().size() - log.count(MarkerState.F);
        String clusters = latest == null ? "no clustering" : plural(latest.clusters().size(), "cluster");
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
