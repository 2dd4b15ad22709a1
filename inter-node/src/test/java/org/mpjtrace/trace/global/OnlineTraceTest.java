package org.mpjtrace.trace.global;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.fold.Histogram;
import org.mpjtrace.trace.fold.RankCalls;
import org.mpjtrace.trace.ranks.RankSet;

/** Rank 0's online trace: repeated marker intervals fold, and nothing any rank did is lost. */
class OnlineTraceTest {
    private static final int SIZE = 8;
    private static final long MERGE_NANOS = 1_000;

    /**
     * One marker interval of a chain of ranks, merged the way the leads do it: three clusters, the two
     * ends and the interior (led by rank 1), each lead's partial trace standing for its cluster.
     */
    private static GlobalTrace block(int steps, int count, long insideNanos) {
        GlobalTrace left = lead(0, RankSet.single(0), steps, count, insideNanos);
        GlobalTrace interior = lead(1, RankSet.range(1, SIZE - 2, 1), steps, count, insideNanos);
        GlobalTrace right = lead(SIZE - 1, RankSet.single(SIZE - 1), steps, count, insideNanos);
        return TraceMerge.merge(TraceMerge.merge(left, interior), right).withMergeNanos(MERGE_NANOS);
    }

    private static GlobalTrace lead(int rank, RankSet cluster, int steps, int count, long insideNanos) {
        return GlobalTrace.ofRanks(cluster, RankCalls.haloInterval(rank, SIZE, steps, count, insideNanos).folded());
    }

    private static GlobalTrace a() {
        return block(5, 32, 500);
    }

    /** A's calls with other message sizes: the same nodes, different values. */
    private static GlobalTrace b() {
        return block(5, 64, 500);
    }

    private static OnlineTrace appended(List<GlobalTrace> blocks) {
        OnlineTrace online = new OnlineTrace();
        for (GlobalTrace b : blocks) online.append(b);
        return online;
    }

    private static List<GlobalTrace> copies(int n) {
        List<GlobalTrace> blocks = new ArrayList<>();
        for (int i = 0; i < n; i++) blocks.add(a());
        return blocks;
    }

    /** Expanding the online trace gives, for every rank, the blocks' expansions one after another. */
    private static void assertExpandsToTheBlocks(OnlineTrace online, List<GlobalTrace> blocks) {
        for (int r = 0; r < SIZE; r++) {
            List<long[]> expected = new ArrayList<>();
            for (GlobalTrace b : blocks) expected.addAll(ExpandedRecords.of(b, r));
            ExpandedRecords.assertSame(expected, ExpandedRecords.of(online.trace(), r), "rank " + r);
        }
    }

    @Test
    void identicalIntervalsKeepTheTraceFlat() {
        OnlineTrace two = appended(copies(2)), hundred = appended(copies(100));
        assertEquals(two.trace().nodeCount(), hundred.trace().nodeCount());
        assertEquals(1 + a().nodeCount(), hundred.trace().nodeCount(), "one loop around one block");
        GlobalLoop loop = assertInstanceOf(GlobalLoop.class, hundred.trace().nodes().get(0));
        assertEquals(100, loop.counts().valueFor(0).cursor().next());
        assertEquals(100, hundred.blocks());
    }

    @Test
    void expansionIsTheAppendedBlocksOneAfterAnother() {
        for (int n : new int[] {1, 2, 100}) {
            List<GlobalTrace> blocks = copies(n);
            assertExpandsToTheBlocks(appended(blocks), blocks);
        }
    }

    @Test
    void aBlockSeenOnceStaysInline() {
        GlobalTrace block = a();
        GlobalTrace trace = appended(List.of(block)).trace();
        assertEquals(block.nodes(), trace.nodes());
    }

    @Test
    void blocksThatDifferOnlyInTimesFoldAndKeepEveryTime() {
        List<GlobalTrace> blocks = new ArrayList<>();
        for (int i = 0; i < 10; i++) blocks.add(block(5, 32, 500 + i));
        OnlineTrace online = appended(blocks);
        assertEquals(1, online.trace().nodes().size(), "one loop");
        GlobalEvent folded = firstEvent(online.trace().nodes()), first = firstEvent(blocks.get(0).nodes());
        Histogram inside = folded.inside();
        assertEquals(10 * first.inside().count(), inside.count());
        assertEquals(500, inside.min());
        assertEquals(509, inside.max());
        assertExpandsToTheBlocks(online, blocks);
    }

    private static GlobalEvent firstEvent(List<GlobalNode> nodes) {
        GlobalNode n = nodes.get(0);
        return n instanceof GlobalEvent e ? e : firstEvent(((GlobalLoop) n).body());
    }

    @Test
    void alternatingBlocksOfTheSameCallsWithOtherValuesBecomeOneLoopKeepingEachBlocksValues() {
        List<GlobalTrace> blocks = List.of(a(), b(), a(), b());
        OnlineTrace online = appended(blocks);
        assertEquals(1 + a().nodeCount(), online.trace().nodeCount(), "one loop of four iterations round A's calls");
        GlobalLoop loop = assertInstanceOf(GlobalLoop.class, online.trace().nodes().get(0));
        assertEquals(4, loop.counts().valueFor(0).cursor().next());
        assertExpandsToTheBlocks(online, blocks);
    }

    @Test
    void runsOfLikeBlocksAndABlockOfTheSameCallsWithOtherValuesBecomeOneLoopAsInAFullTrace() {
        List<GlobalTrace> blocks = new ArrayList<>(copies(3));
        blocks.add(b());
        blocks.addAll(copies(5));
        OnlineTrace online = appended(blocks);
        List<GlobalNode> nodes = online.trace().nodes();
        assertEquals(1, nodes.size(), "A's loop, B as one more iteration of it, A's loop joined to it");
        GlobalLoop loop = assertInstanceOf(GlobalLoop.class, nodes.get(0));
        assertEquals(9, loop.counts().valueFor(0).cursor().next());
        assertEquals(9, online.blocks());
        assertExpandsToTheBlocks(online, blocks);
    }

    /** A rank's time steps without a marker call: a chain's halo exchange only. */
    private static GlobalTrace steps(int steps) {
        GlobalTrace merged = null;
        for (int r = 0; r < SIZE; r++) {
            RankCalls c = new RankCalls(r, 500);
            for (int step = 0; step < steps; step++) {
                int requests = 0;
                for (int n : new int[] {r - 1, r + 1}) if (n >= 0 && n < SIZE) c.call(Op.IRECV, 1, n, 7, 32, requests++);
                for (int n : new int[] {r - 1, r + 1}) if (n >= 0 && n < SIZE) c.call(Op.ISEND, 2, n, 7, 32, requests++);
                c.call(Op.WAITALL, 3, Event.NONE, Event.NONE, requests, Event.NONE);
            }
            GlobalTrace one = GlobalTrace.ofRanks(RankSet.single(r), c.folded());
            merged = merged == null ? one : TraceMerge.merge(merged, one);
        }
        return merged.withMergeNanos(MERGE_NANOS);
    }

    @Test
    void aTimeStepLoopCutByMarkersIsOneLoopAgainWithEveryIteration() {
        // 100 steps, a marker every 10th: 20 steps before the first marker acted on, then 8 intervals of 10.
        List<GlobalTrace> blocks = new ArrayList<>();
        blocks.add(steps(20));
        for (int i = 0; i < 8; i++) blocks.add(steps(10));
        OnlineTrace online = appended(blocks);
        List<GlobalNode> nodes = online.trace().nodes();
        assertEquals(steps(100).nodes().size(), nodes.size(), "as many top-level nodes as the 100 steps in one interval");
        for (int r = 0; r < SIZE; r++) {
            long iterations = 0;
            for (GlobalNode n : nodes)
                if (n instanceof GlobalLoop l && l.ranks().contains(r)) iterations = Math.max(iterations, l.counts().valueFor(r).cursor().next());
            assertEquals(100, iterations, "rank " + r + ": one loop of 100 steps");
        }
        assertExpandsToTheBlocks(online, blocks);
    }

    /** One interval of a program whose phases alternate: per phase, {@code steps} exchanges (odd phases) or collectives (even). */
    private static GlobalTrace phases(int firstPhase, int... steps) {
        GlobalTrace merged = null;
        for (int r = 0; r < SIZE; r++) {
            RankCalls c = new RankCalls(r, 500);
            for (int p = 0; p < steps.length; p++) {
                boolean exchange = (firstPhase + p) % 2 == 1;
                for (int i = 0; i < steps[p]; i++) {
                    if (exchange) {
                        c.call(Op.SENDRECV, 5, (r + 1) % SIZE, 3, 8, Event.NONE);
                    } else {
                        c.call(Op.ALLREDUCE, 6, Event.NONE, Event.NONE, 8, Event.NONE);
                        c.call(Op.BCAST, 7, 0, Event.NONE, 1, Event.NONE);
                    }
                }
            }
            GlobalTrace one = GlobalTrace.ofRanks(RankSet.single(r), c.folded());
            merged = merged == null ? one : TraceMerge.merge(merged, one);
        }
        return merged.withMergeNanos(MERGE_NANOS);
    }

    @Test
    void phasesCutByMarkersAtOtherPlacesEachIntervalBecomeOneLoopOfPhasesAgain() {
        // Three rounds of 10 exchanges and 10 collectives; the markers fell after 20, 33 and 60 steps.
        List<GlobalTrace> blocks = List.of(phases(1, 10, 10), phases(1, 10, 3), phases(2, 7, 10, 10));
        OnlineTrace online = appended(blocks);
        List<GlobalNode> nodes = online.trace().nodes();
        assertEquals(1, nodes.size(), "one loop of the three rounds");
        GlobalLoop rounds = assertInstanceOf(GlobalLoop.class, nodes.get(0));
        assertEquals(3, rounds.counts().valueFor(0).cursor().next());
        assertEquals(2, rounds.body().size(), "the exchanges' loop, then the collectives'");
        assertEquals(phases(1, 10, 10, 10, 10, 10, 10).nodeCount(), online.trace().nodeCount(), "the shape of the 60 steps in one interval");
        assertExpandsToTheBlocks(online, blocks);
    }

    @Test
    void theRestOfTheLastRoundsLastPhaseAfterAMarkerJoinsThatPhase() {
        // Three rounds of 10 exchanges and 10 collectives, markers in the last collectives at doubling gaps (marker
        // auto's): the second round's 3 steps made a loop of two rounds before the 7 after them came, in 1, 2 and 4.
        List<GlobalTrace> blocks = List.of(phases(1, 10, 10), phases(1, 10, 3), phases(2, 1), phases(2, 2), phases(2, 4));
        OnlineTrace online = appended(blocks);
        List<GlobalNode> nodes = online.trace().nodes();
        assertEquals(1, nodes.size(), "one loop of the rounds, where the last 7 steps stood apart");
        GlobalLoop rounds = assertInstanceOf(GlobalLoop.class, nodes.get(0));
        assertEquals(2, rounds.counts().valueFor(0).cursor().next());
        assertEquals(phases(1, 10, 10, 10, 10).nodeCount(), online.trace().nodeCount(), "the shape of the 40 steps in one interval");
        assertExpandsToTheBlocks(online, blocks);
    }

    /**
     * One interval of a loop of Bcast, Sendrecv, Allreduce on every rank: {@code calls} calls from the
     * {@code first}-th of an iteration on (its marker not the loop's first call, the intervals begin inside it).
     */
    private static GlobalTrace cycle(int first, int calls) {
        GlobalTrace merged = null;
        for (int r = 0; r < SIZE; r++) {
            RankCalls c = new RankCalls(r, 500);
            for (int i = first; i < first + calls; i++) {
                switch (i % 3) {
                    case 0 -> c.call(Op.BCAST, 7, 0, Event.NONE, 1, Event.NONE);
                    case 1 -> c.call(Op.SENDRECV, 5, (r + 1) % SIZE, 3, 8 + i / 3 % 2, Event.NONE);
                    default -> c.call(Op.ALLREDUCE, 6, Event.NONE, Event.NONE, 1, Event.NONE);
                }
            }
            GlobalTrace one = GlobalTrace.ofRanks(RankSet.single(r), c.folded());
            merged = merged == null ? one : TraceMerge.merge(merged, one);
        }
        return merged.withMergeNanos(MERGE_NANOS);
    }

    @Test
    void aLoopCutInsideItsBodyByItsMarkerIsOneLoopAgainAsInAFullTrace() {
        // 40 iterations: 14 and a Bcast before the first marker, then 25 that begin with the Sendrecv, then the last Sendrecv and Allreduce.
        List<GlobalTrace> blocks = List.of(cycle(0, 43), cycle(1, 75), cycle(1, 2));
        OnlineTrace online = appended(blocks);
        List<GlobalNode> nodes = online.trace().nodes();
        assertEquals(1, nodes.size(), "one loop");
        GlobalLoop loop = assertInstanceOf(GlobalLoop.class, nodes.get(0));
        for (int r = 0; r < SIZE; r++) assertEquals(40, loop.counts().valueFor(r).cursor().next(), "rank " + r);
        assertEquals(cycle(0, 120).nodeCount(), online.trace().nodeCount(), "the shape of the 40 iterations in one interval");
        assertExpandsToTheBlocks(online, blocks);
    }

    /** One interval of steps {@code first} to {@code first + steps - 1} of a loop with a Sendrecv and an Allreduce a step and a Gather every 10th. */
    private static GlobalTrace gathers(int first, int steps) {
        GlobalTrace merged = null;
        for (int r = 0; r < SIZE; r++) {
            RankCalls c = new RankCalls(r, 500);
            for (int s = first; s < first + steps; s++) {
                c.call(Op.SENDRECV, 5, (r + 1) % SIZE, 3, 8, Event.NONE);
                c.call(Op.ALLREDUCE, 6, Event.NONE, Event.NONE, 1, Event.NONE);
                if (s % 10 == 9) c.call(Op.GATHER, 8, 0, Event.NONE, 1, Event.NONE);
            }
            GlobalTrace one = GlobalTrace.ofRanks(RankSet.single(r), c.folded());
            merged = merged == null ? one : TraceMerge.merge(merged, one);
        }
        return merged.withMergeNanos(MERGE_NANOS);
    }

    @Test
    void stepsBeforeAnIntervalThatBeginsInsideAnIterationJoinItsFirstInnerRun() {
        // Marker auto's PeriodicGather: 12 steps before the first marker of period 11, at a Gather, then 288 steps
        // from the 13th: 10 steps and a Gather, 2 steps, then a loop whose first run of steps is 8 and the others 10.
        List<GlobalTrace> blocks = List.of(gathers(0, 12), gathers(12, 288));
        OnlineTrace online = appended(blocks);
        List<GlobalNode> nodes = online.trace().nodes();
        assertEquals(1, nodes.size(), "one loop of 30 times 10 steps and a Gather");
        GlobalLoop loop = assertInstanceOf(GlobalLoop.class, nodes.get(0));
        for (int r = 0; r < SIZE; r++) assertEquals(30, loop.counts().valueFor(r).cursor().next(), "rank " + r);
        assertEquals(gathers(0, 300).nodeCount(), online.trace().nodeCount(), "the shape of the 300 steps in one interval");
        assertExpandsToTheBlocks(online, blocks);
    }

    @Test
    void anIterationLeftOverAfterALoopBecomesOneMoreIterationOfIt() {
        // The calls of one interval's 7 steps, then a lone step (a marker fell between them).
        List<GlobalTrace> blocks = List.of(steps(7), steps(1));
        OnlineTrace online = appended(blocks);
        assertEquals(steps(8).nodes().size(), online.trace().nodes().size());
        assertEquals(steps(8).nodeCount(), online.trace().nodeCount());
        assertExpandsToTheBlocks(online, blocks);
    }

    @Test
    void callsAreEveryBlocksCalls() {
        List<GlobalTrace> blocks = new ArrayList<>(copies(7));
        blocks.add(b());
        blocks.add(block(3, 16, 700));
        long sum = 0;
        for (GlobalTrace b : blocks) sum += b.calls();
        OnlineTrace online = appended(blocks);
        assertEquals(sum, online.calls());
        assertEquals(sum, online.trace().calls(), "the folded histograms keep every call");
        long memberCalls = RankCalls.haloInterval(0, SIZE, 5, 32, 500).size() + (SIZE - 2) * RankCalls.haloInterval(1, SIZE, 5, 32, 500).size()
                + RankCalls.haloInterval(SIZE - 1, SIZE, 5, 32, 500).size();
        assertEquals(memberCalls, a().calls(), "a block stands for every member's calls: each lead's, once per member of its cluster");
    }

    @Test
    void emptyBlocksAreIgnored() {
        OnlineTrace online = new OnlineTrace();
        online.append(a());
        online.append(new GlobalTrace(List.of(), RankSet.empty(), 5));
        online.append(a());
        assertEquals(2, online.blocks());
        assertEquals(1, online.trace().nodes().size(), "the two blocks still fold");
        assertEquals(2 * MERGE_NANOS, online.trace().mergeNanos());
    }

    @Test
    void theTraceCoversEveryBlocksRanksAndMergeTime() {
        OnlineTrace online = appended(List.of(a(), b(), a()));
        assertEquals(RankSet.range(0, SIZE, 1), online.trace().ranks());
        assertEquals(3 * MERGE_NANOS, online.trace().mergeNanos());
    }

    @Test
    void anEmptyOnlineTraceIsAnEmptyTrace() {
        GlobalTrace t = new OnlineTrace().trace();
        assertTrue(t.nodes().isEmpty());
        assertTrue(t.ranks().isEmpty());
        assertEquals(0, t.calls());
    }
}
