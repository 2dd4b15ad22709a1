package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.format.ExpandedRank;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.MarkerChoice;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.cluster.MarkerState;

/**
 * Marker auto on a real job with no marker option: the ranks find the time-step loop, choose again when
 * the loop changes, keep every call, and nobody hangs when a rank leaves a loop the others go on with.
 * (The examples with one loop each run with marker auto in ChameleonModeIT.nothingIsLostWithMarkerAuto.)
 */
class AutoMarkerIT {

    @TempDir
    Path dir;

    @Test
    void theMarkerFollowsTheLoopWhenItChangesAndARankLeavingALoopEarlyHangsNobody() {
        List<String> args = List.of("first=40", "second=40", "early=20");
        MpjJobs.Run fullRun = MpjJobs.run("ShiftingLoops", 8, "multicore", null, dir.resolve("full.mpjt"), "full", "", args);
        MpjJobs.assertSucceeded(fullRun);
        MpjJobs.Run run = ChameleonModeIT.chameleon(dir, "ShiftingLoops", 8, "", args);
        TraceFile trace = run.result().trace();
        MarkerLog log = trace.markers();

        assertTrue(log.auto(), "no marker option: marker auto");
        assertEquals(2, log.choices().size(), "one choice per loop on all ranks: " + log.choices());
        MarkerChoice first = log.choices().get(0), second = log.choices().get(1);
        assertEquals(4, first.collective(), "the first look, at the 4th collective on all ranks, finds the loop");
        assertEquals(1, first.period(), "one Allreduce a step");
        assertTrue(first.site().startsWith("Allreduce at ShiftingLoops.sumAndScale:"), first.site());
        assertTrue(first.callers().startsWith("ShiftingLoops.main:"), first.callers());
        assertEquals(2, second.period(), "a Bcast and the Allreduce a step");
        assertTrue(second.collective() > 40 && second.collective() <= 40 + 2 * 40, "chosen within the second loop: " + second.collective());
        assertTrue(second.reason().startsWith("the loop's collectives changed"), second.reason());
        // 40 + 2 x 40 steps' collectives and the last Reduce: the third loop's Allreduces are on 7 of the 8 ranks, never candidates.
        assertEquals(40 + 80 + 1, log.candidates());
        for (MarkerChoice c : log.choices())
            assertTrue(statesOf(log, c).contains(MarkerState.L), "leads alone traced in the loop of " + c + ": " + statesOf(log, c));

        // Clusters were in force when ranks 1 to 7 went on without rank 0: non-leads record nothing, so their
        // last loop is lost (their calls read as their lead's), and the trace says so. Every other call is full's.
        MarkerRecord end = log.records().get(log.records().size() - 1);
        assertEquals(MarkerState.F, end.state());
        assertEquals(7, end.changedRanks(), "the non-leads that went on without rank 0 (their lead) are counted at Finalize, and only they");
        TraceFile full = fullRun.result().trace();
        for (RankTrace section : trace.ranks()) {
            int r = section.rank();
            Map<String, Integer> want = ChameleonModeIT.opCounts(ExpandedRank.of(full, full.rank(r)));
            Map<String, Integer> got = ChameleonModeIT.opCounts(ExpandedRank.of(trace, section));
            boolean lead = log.clusteringOf(end).clusterOf(r).lead() == r;
            if (r != 0 && !lead) {
                want.merge("SENDRECV", -20, Integer::sum);
                want.merge("ALLREDUCE", -20, Integer::sum);
            }
            assertEquals(want, got, "rank " + r + "'s calls per op" + (lead ? "" : ", its last loop aside"));
        }
        assertTrue(run.messages().contains("warning: 7 non-lead ranks made other calls than their lead after the last marker acted on"), run.messages());
        assertTrue(run.messages().contains("mpjtrace: marker auto: Allreduce at ShiftingLoops.sumAndScale:"), run.messages());
        assertTrue(run.messages().contains("mpjtrace: marker auto: Bcast at ShiftingLoops.main:"), run.messages());
    }

    /** The states of the records acted on under choice {@code c}, before the next choice. */
    private static List<MarkerState> statesOf(MarkerLog log, MarkerChoice c) {
        int i = log.choices().indexOf(c);
        long end = i + 1 < log.choices().size() ? log.choices().get(i + 1).collective() : Long.MAX_VALUE;
        return log.records().stream().filter(r -> r.state() != MarkerState.F && r.markerCall() >= c.collective() && r.markerCall() < end)
                .map(MarkerRecord::state).toList();
    }

}
