package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.compare.Comparison;
import org.mpjtrace.cli.format.ExpandedRank;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.MarkerLog;

/**
 * A clustered trace keeps what differs inside a cluster where it can, and {@code compare} counts it (issue
 * 33 item 4): RankCounts' ranks make the same calls with counts that depend on the rank, so one lead stands
 * for ranks with other Alltoallv counts. Each non-lead's own counts are in its section, and compare, like
 * replay, gives them to it: COUNT is full's, where the lead's calls alone are not.
 */
class ClusterFidelityIT {

    @TempDir
    Path dir;

    /** The Alltoallv counts of a rank's calls, in order. */
    private static List<Integer> alltoallvCounts(RankTrace calls) {
        List<Integer> counts = new ArrayList<>();
        for (int i = 0; i < calls.eventCount(); i++) {
            int b = RankTrace.base(i);
            if (Event.opCode(calls.words(), b) == Op.ALLTOALLV.code) counts.add(Event.count(calls.words(), b));
        }
        return counts;
    }

    @Test
    void ranksWithOtherAlltoallvCountsUnderOneLeadCompareAsFullDoes() {
        List<String> args = List.of("steps=40");
        MpjJobs.Run fullRun = MpjJobs.run("RankCounts", 4, "multicore", null, dir.resolve("full.mpjt"), "full", "", args);
        MpjJobs.assertSucceeded(fullRun);
        TraceFile full = fullRun.result().trace();
        TraceFile clustered = ChameleonModeIT.chameleon(dir, "RankCounts", 4, "k=1", args).result().trace();

        MarkerLog log = clustered.markers();
        Clustering last = log.clusteringOf(log.records().get(log.records().size() - 1));
        assertEquals(1, last.clusters().size(), "k=1: one lead for the four ranks");
        int lead = last.leads()[0];
        int differing = 0;
        for (int r = 0; r < 4; r++) {
            if (r == lead) continue;
            List<Integer> own = alltoallvCounts(ExpandedRank.of(full, full.rank(r)));
            assertEquals(40, own.size(), "rank " + r + ": one Alltoallv a step");
            if (!own.equals(alltoallvCounts(ExpandedRank.of(clustered, clustered.rank(r))))) differing++;
        }
        assertTrue(differing >= 2, "the lead's calls give its counts to ranks whose own differ: " + differing + " ranks");

        Comparison c = Comparison.of(full, clustered);
        assertEquals(100.0, c.count(), 1e-9, "every rank's own Alltoallv counts");
        assertEquals(100.0, c.events(), 1e-9);
        assertEquals(100.0, c.loop(), 1e-9, "the time loop as full has it");
        for (double p : List.of(c.src(), c.dest(), c.tag())) assertTrue(Double.isNaN(p) || p == 100.0, "SRC, DEST, TAG: " + p);
    }
}
