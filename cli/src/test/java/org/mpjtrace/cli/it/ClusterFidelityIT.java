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
import org.mpjtrace.trace.StackSummary;
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
        MpjJobs.Run fullRun = MpjJobs.run("org.mpjtrace.examples.clusters.RankCounts", 4, "multicore", null, dir.resolve("full.mpjt"), "full", "", args);
        MpjJobs.assertSucceeded(fullRun);
        TraceFile full = fullRun.result().trace();
        TraceFile clustered = ChameleonModeIT.chameleon(dir, "org.mpjtrace.examples.clusters.RankCounts", 4, "k=1", args).result().trace();

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

    @Test
    void ranksWithTheirNeighboursInAnotherOrderAndOtherTagsUnderOneLeadCompareAsFullDoesAndReplay() {
        String example = "org.mpjtrace.examples.clusters.ParityExchange";
        List<String> args = List.of("steps=40");
        MpjJobs.Run fullRun = MpjJobs.run(example, 4, "multicore", null, dir.resolve("full.mpjt"), "full", "", args);
        MpjJobs.assertSucceeded(fullRun);
        TraceFile full = fullRun.result().trace();
        TraceFile clustered = ChameleonModeIT.chameleon(dir, example, 4, "k=1", args).result().trace();
        MarkerLog log = clustered.markers();
        assertEquals(1, log.clusteringOf(log.records().get(log.records().size() - 1)).clusters().size(), "k=1: one lead");

        // Odd ranks go left first where the even lead goes right, and tag with their own rank: each keeps its own
        // peers and tags at the two sites, in order, and nothing where the lead's calls are right for it.
        int kept = 0;
        for (RankTrace section : clustered.ranks())
            for (StackSummary s : section.stackSummaries())
                if (s.hasValues()) kept++;
        assertTrue(kept >= 3, "own peers or tags kept at " + kept + " stacks");
        Comparison c = Comparison.of(full, clustered);
        for (double p : List.of(c.count(), c.events(), c.src(), c.dest(), c.tag())) assertEquals(100.0, p, 1e-9, "COUNT, # EVENTS, SRC, DEST, TAG");
        // The replay makes those calls (traced as a dump, it compares as full), so MPJ matches every message:
        // a rank given its lead's tags would wait for messages that never come.
        TraceFile replay = TracedReplay.of(clustered, dir.resolve(example + ".chameleon.mpjt"), dir, 4, "multicore", null);
        Comparison r = Comparison.of(full, replay);
        for (double p : List.of(r.count(), r.events(), r.src(), r.dest(), r.tag())) assertEquals(100.0, p, 1e-9, "the replay's calls");
    }
}
