package org.mpjtrace.trace.global;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.fixtures.SyntheticStream;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.ranks.RankSet;

/** Rank 0 scales a clustered trace's compute histograms per stack to what every rank computed there (stack = 1000 + site). */
class ComputeCalibrationTest {
    private static final long MS = 1_000_000;
    private static final int STEP = 10, PRINT = 11;
    private static final long STEP_STACK = 1000 + STEP, PRINT_STACK = 1000 + PRINT;

    /** A lead that computes {@code step} before each of 10 Allreduces, then {@code print} before a Barrier. */
    private static GlobalTrace lead(int rank, RankSet cluster, long step, long print) {
        SyntheticStream s = new SyntheticStream(rank);
        for (int i = 0; i < 10; i++) s.call(Op.ALLREDUCE, STEP, step).count(8);
        s.call(Op.BARRIER, PRINT, print);
        return GlobalTrace.ofRanks(cluster, s.folded());
    }

    private static RankTrace section(int rank, StackSummary... own) {
        return new RankTrace(rank, "h", 0, 0, new long[0], List.of(), List.of(), List.of(), RankStats.EMPTY, List.of(), List.of(), List.of(own));
    }

    /** Each rank's own summary: 10 steps of {@code step}, one print of {@code print}. */
    private static RankTrace own(int rank, long step, long print) {
        return section(rank, new StackSummary(STEP_STACK, 10, 10 * step, -1, -1), new StackSummary(PRINT_STACK, 1, print, -1, -1));
    }

    /** Adds the section with its expansion of the calibration's trace, as rank 0 does. */
    private static void add(ComputeCalibration c, GlobalTrace trace, RankTrace section) {
        c.add(section, LoopFit.expanded(trace, section.rank()));
    }

    private static List<GlobalEvent> events(List<GlobalNode> nodes) {
        List<GlobalEvent> out = new ArrayList<>();
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalLoop l) out.addAll(events(l.body()));
            else out.add((GlobalEvent) n);
        }
        return out;
    }

    private static double meanAt(GlobalTrace t, long stack) {
        return events(t.nodes()).stream().filter(e -> e.stack() == stack).mapToDouble(e -> e.compute().mean()).average().orElseThrow();
    }

    @Test
    void aLeadsOwnComputeBecomesTheMeanOverItsCluster() {
        // Rank 0 leads ranks 0-3 and alone prints before the Barrier (28 ms; the others 0.1 ms).
        GlobalTrace trace = lead(0, RankSet.range(0, 4, 1), 10 * MS, 28 * MS);
        ComputeCalibration c = new ComputeCalibration(trace);
        add(c, trace, own(0, 10 * MS, 28 * MS));
        for (int r = 1; r < 4; r++) add(c, trace, own(r, 10 * MS, MS / 10));
        GlobalTrace calibrated = c.calibrated();
        assertEquals((28 + 0.3) / 4 * MS, meanAt(calibrated, PRINT_STACK), 0.001 * MS);
        assertEquals(10 * MS, meanAt(calibrated, STEP_STACK), 1, "a typical lead keeps its times");
        assertEquals(28 * MS, meanAt(trace, PRINT_STACK), 1, "the recorded trace is left as it was");
    }

    @Test
    void anEventSharedByTypicalLeadsKeepsTheMeanOverAllItsRanks() {
        // Interior ranks 0-11 compute 10 ms a step, edge ranks 12-15 5 ms; the merge holds one histogram of
        // both leads, each lead's times counted once per member of its cluster, as a full trace's would be.
        GlobalTrace merged = TraceMerge.merge(lead(0, RankSet.range(0, 12, 1), 10 * MS, MS), lead(12, RankSet.range(12, 4, 1), 5 * MS, MS));
        ComputeCalibration c = new ComputeCalibration(merged);
        for (int r = 0; r < 16; r++) add(c, merged, own(r, r < 12 ? 10 * MS : 5 * MS, MS));
        double allRanks = (12 * 10 + 4 * 5) / 16.0 * MS;
        assertEquals(allRanks, meanAt(merged, STEP_STACK), 1);
        assertEquals(allRanks, meanAt(c.calibrated(), STEP_STACK), 1);
        assertEquals(MS, meanAt(c.calibrated(), PRINT_STACK), 1);
    }

    @Test
    void aTraceNoRankReportedOnKeepsItsTimes() {
        GlobalTrace trace = lead(0, RankSet.range(0, 4, 1), 10 * MS, 28 * MS);
        ComputeCalibration c = new ComputeCalibration(trace);
        add(c, trace, section(1)); // a section without summaries (mode full keeps none)
        add(c, trace, section(2, new StackSummary(999, 3, 5 * MS, -1, -1))); // a stack the trace does not give rank 2
        assertEquals(trace.nodes(), c.calibrated().nodes());
    }
}
