package org.mpjtrace.runtime.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.TracingMode;
import org.mpjtrace.trace.fold.EventNode;
import org.mpjtrace.trace.fold.LoopNode;
import org.mpjtrace.trace.fold.TraceExpansion;
import org.mpjtrace.trace.fold.TraceFolding;
import org.mpjtrace.trace.fold.TraceNode;

/**
 * A non-lead clustered on its own loop records nothing while its calls repeat the loop, traces on when
 * they stop, and with the calls before its clustering from its lead gives every call it made, in order with
 * its values.
 */
class LoopShadowTest {
    private static final int RANK = 3, LEAD = 1, WORLD = 8;
    /** A ring step (Irecv left, Isend right, Waitall) and a pair step (Send to the partner). */
    private static final int RING = 3;

    private final Random random = new Random(7);
    private long t = 1_000_000;

    /** A rank's records so far. */
    private final class Calls {
        final int rank;
        final List<long[]> records = new ArrayList<>();
        int fed;

        Calls(int rank) {
            this.rank = rank;
        }

        Calls ring(int steps) {
            for (int s = 0; s < steps; s++) {
                add(Op.IRECV.code, 1, (rank + WORLD - 1) % WORLD, 5, 8, 0, 0);
                add(Op.ISEND.code, 2, (rank + 1) % WORLD, 5, 8, 1, 0);
                add(Op.WAITALL.code, 3, Event.NONE, Event.NONE, 2, Event.NONE, 0x51L);
            }
            return this;
        }

        /** One site called from two callers in turn: a loop of one call by site, of two by stack. */
        Calls twoCallers(int steps) {
            for (int s = 0; s < 2 * steps; s++) {
                add(Op.ALLREDUCE.code, 5, Event.NONE, Event.NONE, 1, Event.NONE, 0);
                records.get(records.size() - 1)[Event.W_STACK] += s % 2;
            }
            return this;
        }

        Calls pairs(int steps) {
            for (int s = 0; s < steps; s++) add(Op.SEND.code, 4, rank ^ 1, 6, 8 + s % 2, Event.NONE, 0);
            return this;
        }

        void add(int op, int site, int peer, int tag, int count, int request, long digest) {
            long[] w = new long[Event.WORDS];
            w[Event.W_OP_SITE] = Event.pack(op, site);
            w[Event.W_STACK] = 0x9E3779B97F4A7C15L * (site + 1);
            w[Event.W_COMM_DTYPE] = Event.pack(0, 0);
            w[Event.W_PEER_TAG] = Event.pack(peer, tag);
            w[Event.W_COUNT_REQUEST] = Event.pack(count, request);
            w[Event.W_PEER2_TAG2] = Event.pack(Event.NONE, Event.NONE);
            w[Event.W_COUNT2_DTYPE2] = Event.pack(Event.NONE, Event.NONE);
            w[Event.W_REDOP_COLOR] = Event.pack(Event.NONE, Event.NONE);
            w[Event.W_KEY_RESULT] = Event.pack(Event.NONE, Event.NONE);
            w[Event.W_ENTER] = t += 1_000 + random.nextInt(2_000);
            w[Event.W_EXIT] = t += 500 + random.nextInt(5_000);
            w[Event.W_DIGEST] = digest;
            records.add(w);
        }

        /** Feeds what {@code s} has not had yet. */
        ClusteringSink into(ClusteringSink s) {
            for (; fed < records.size(); fed++) s.append(records.get(fed), 0);
            return s;
        }

        /** What a rank that traced every call holds. */
        List<TraceNode> traced() {
            RankLoopFolder all = new RankLoopFolder(rank, WORLD, 0, TraceFolding.DEFAULT_WINDOW);
            for (long[] w : records) all.append(w, 0);
            return all.nodes();
        }
    }

    private static ClusteringSink sink(int rank) {
        return new ClusteringSink(rank, WORLD, 0, TraceFolding.DEFAULT_WINDOW, TracingMode.CHAMELEON);
    }

    /** Each call the nodes stand for: op, site and every field's value (peers relative), in order. */
    private static List<String> calls(List<TraceNode> nodes) {
        List<String> out = new ArrayList<>();
        TraceExpansion.expand(nodes, (e, values) -> out.add(e.op() + "@" + e.site() + Arrays.toString(values)));
        return out;
    }

    private static List<String> calls(ClusteringSink s) {
        List<String> all = new ArrayList<>(calls(s.prefixNodes()));
        all.addAll(calls(s.partialNodes()));
        return all;
    }

    /** What {@code s} gives at Finalize, its first calls from a lead that made them as this rank did, times too: every call it made. */
    private static void assertGivesEveryCallItMade(ClusteringSink s, Calls mine) {
        ClusteringSink lead = sink(RANK);
        for (long[] w : mine.records) lead.append(w, 0);
        s.traceKeptInterval();
        s.prefixWith(lead.prefixFor(RANK, s.callsBeforeLoop()));
        assertEquals(calls(mine.traced()), calls(s));
    }

    private static long totalTime(List<TraceNode> nodes) {
        long sum = 0;
        for (TraceNode n : nodes) {
            if (n instanceof EventNode e) sum += e.compute().sum() + e.inside().sum();
            else sum += totalTime(((LoopNode) n).body());
        }
        return sum;
    }

    @Test
    void aNonLeadWhoseLoopChangesTracesOnAndWithItsLeadsFirstCallsGivesEveryCallItMade() {
        // (pairs: a Send a step whose count alternates, so that its trace is a loop of two)
        Calls mine = new Calls(RANK), lead = new Calls(LEAD);
        ClusteringSink s = mine.ring(40).into(sink(RANK)), l = lead.ring(40).into(sink(LEAD));
        s.watchLoop(RING);
        mine.ring(5).into(s); // its clustering comes a few iterations after it proposed its loop
        s.loopClustered(false);
        assertEquals(List.of(), s.partialNodes(), "a non-lead gives no partial trace to a merge");
        assertEquals(0, s.partialBytes(), "and holds none");
        assertEquals(120, s.callsBeforeLoop(), "its lead must give back its 120 calls before it proposed its loop");
        mine.ring(500).into(s);
        assertEquals(0, s.partialBytes(), "calls that repeat the loop are only counted");
        mine.pairs(60).into(s);
        assertEquals(0, s.partialBytes(), "a few calls after the loop are only kept, raw: the loop may just have ended");
        mine.pairs(ClusteringSink.TAIL_RECORDS).into(s);
        assertTrue(s.partialBytes() > 0, "the loop changed: it traces again");
        lead.ring(2_000).into(l);
        assertTrue(l.keepsWholeRun() && l.tracedCalls() >= s.callsBeforeLoop());
        s.prefixWith(l.prefixFor(RANK, s.callsBeforeLoop()));
        assertEquals(calls(mine.traced()), calls(s), "the lead's first calls turned round to this rank, then its own");
        assertTrue(s.keepsWholeRun());
    }

    @Test
    void aNonLeadThatOnlyLeftItsLoopAtTheEndGivesItsRepeatedAndKeptCallsWhenFinalizeAsksForThem() {
        Calls mine = new Calls(RANK);
        ClusteringSink s = mine.ring(20).into(sink(RANK)), lead = sink(RANK);
        for (long[] w : mine.records) lead.append(w, 0); // a lead whose calls up to the clustering were this rank's, times too
        s.watchLoop(RING);
        s.loopClustered(false);
        mine.ring(300);
        mine.add(Op.IRECV.code, 1, RANK - 1, 5, 8, 0, 0); // half an iteration, then the calls after the loop
        mine.pairs(5);
        mine.into(s);
        assertEquals(0, s.partialBytes());
        assertEquals(List.of(), s.partialNodes());
        s.traceKeptInterval();
        s.prefixWith(lead.prefixFor(RANK, s.callsBeforeLoop()));
        List<TraceNode> want = mine.traced();
        assertEquals(calls(want), calls(s));
        // Each call before the clustering gets its lead's node's mean times, each repeated call its position's: the
        // rank's own total, to a nanosecond a call.
        long n = calls(want).size(), got = totalTime(s.prefixNodes()) + totalTime(s.partialNodes());
        assertTrue(Math.abs(totalTime(want) - got) <= 2 * n, totalTime(want) + " vs " + got);
    }

    @Test
    void aLeadGivesBackNoMoreCallsThanItMadeOrThanTheBound() {
        ClusteringSink lead = new Calls(LEAD).ring(10).into(sink(LEAD));
        assertEquals(30 * Event.WORDS, lead.prefixFor(RANK, 1_000).length);
        assertEquals(7 * Event.WORDS, lead.prefixFor(RANK, 7).length);
        assertEquals(0, lead.prefixFor(RANK, 0).length);
        ClusteringSink big = new Calls(LEAD).ring(LeadPrefix.MAX_CALLS / 3 + 10).into(sink(LEAD));
        assertEquals(LeadPrefix.MAX_CALLS * Event.WORDS, big.prefixFor(RANK, Long.MAX_VALUE).length);
    }

    @Test
    void aSiteCalledFromTwoCallersInTurnIsALoopOfTwoCallsToItsShadow() {
        Calls mine = new Calls(RANK);
        ClusteringSink s = mine.twoCallers(20).into(sink(RANK)), lead = sink(RANK);
        for (long[] w : mine.records) lead.append(w, 0);
        s.watchLoop(1); // the period by call site
        s.loopClustered(false);
        mine.twoCallers(500).into(s);
        assertEquals(0, s.partialBytes(), "every call repeated the loop of two");
        s.traceKeptInterval();
        s.prefixWith(lead.prefixFor(RANK, s.callsBeforeLoop()));
        assertEquals(calls(mine.traced()), calls(s));
    }

    @Test
    void aNonLeadThatLeftItsLoopBeforeItsClusteringCameTracesOnWithAllItsOwnCalls() {
        Calls mine = new Calls(RANK);
        ClusteringSink s = mine.ring(40).into(sink(RANK));
        s.watchLoop(RING);
        mine.ring(10).pairs(3).into(s);
        s.loopClustered(false);
        assertEquals(0, s.callsBeforeLoop(), "it needs nothing of its lead's");
        assertTrue(s.keepsWholeRun());
        mine.pairs(20).into(s);
        assertEquals(calls(mine.traced()), calls(s));
    }

    @Test
    void withoutItsLoopsLastIterationOnItsFirstThreadANonLeadDropsItsTraceAsBefore() {
        ClusteringSink s = new Calls(RANK).ring(2).into(sink(RANK));
        s.watchLoop(40); // fewer records than the period
        s.loopClustered(false);
        assertEquals(0, s.partialBytes());
        assertFalse(s.keepsWholeRun());

        Calls threads = new Calls(RANK).ring(10);
        threads.records.get(threads.records.size() - 2)[Event.W_OP_SITE] = Event.pack(Event.opAndThread(Op.ISEND.code, 1), 2);
        ClusteringSink t2 = threads.into(sink(RANK));
        assertFalse(t2.keepsWholeRun(), "a lead that traced two threads cannot give its calls in order");
        t2.watchLoop(RING); // a call of the rank's second thread in the iteration
        t2.loopClustered(false);
        assertFalse(t2.keepsWholeRun());
        assertEquals(0, t2.partialBytes());
    }

    @Test
    void aRankThatDroppedItsTraceAtAnEarlierMarkerHasNoWholeRunToGive() {
        Calls mine = new Calls(RANK);
        ClusteringSink s = mine.ring(10).into(sink(RANK));
        s.restart(true);
        mine.ring(40).into(s);
        assertFalse(s.keepsWholeRun());
        s.watchLoop(RING);
        s.loopClustered(false);
        assertEquals(List.of(), s.partialNodes());
        assertFalse(s.keepsWholeRun());
    }

    /**
     * Every rank's loop changed, and the ranks cluster again on their new loops: a non-lead that kept its calls
     * since it left its first loop traces them when it proposes its new loop, so that it could lead.
     */
    private static ClusteringSink leftItsLoopAndProposedTheNext(Calls mine) {
        ClusteringSink s = mine.ring(40).into(sink(RANK));
        s.watchLoop(RING);
        s.loopClustered(false);
        mine.ring(100).pairs(30).into(s);
        assertEquals(0, s.partialBytes(), "a few calls after its loop are only kept");
        assertTrue(s.watchLoopAgain(1), "it still has every call since MPI.Init, the ones before its loop its lead's");
        assertTrue(s.partialBytes() > 0, "it traces its kept calls, as a lead of the clustering again would");
        mine.pairs(8).into(s);
        return s;
    }

    @Test
    void aNonLeadOfTheClusteringAgainHoldsNothingAndCanNoLongerGiveItsWholeRun() {
        Calls mine = new Calls(RANK);
        ClusteringSink s = leftItsLoopAndProposedTheNext(mine);
        s.loopClusteredAgain(false);
        assertEquals(0, s.partialBytes(), "its new loop's calls are only counted");
        assertEquals(List.of(), s.partialNodes());
        mine.pairs(2_000).into(s);
        assertEquals(0, s.partialBytes());
        assertFalse(s.keepsWholeRun(), "it dropped its calls between its two loops: they are its new lead's now");
    }

    @Test
    void aNewLeadOfTheClusteringAgainTracesOnAndWithItsFirstLeadsCallsGivesEveryCallItMade() {
        Calls mine = new Calls(RANK), lead = new Calls(LEAD);
        ClusteringSink s = leftItsLoopAndProposedTheNext(mine), l = lead.ring(2_000).into(sink(LEAD));
        s.loopClusteredAgain(true);
        mine.pairs(500).into(s);
        assertTrue(s.keepsWholeRun());
        s.prefixWith(l.prefixFor(RANK, s.callsBeforeLoop()));
        assertEquals(calls(mine.traced()), calls(s), "its first lead's calls turned round to this rank, then its own");
    }

    /** A non-lead of its ring that never left it, through the clustering again as a lead ({@code lead}) or not. */
    private static ClusteringSink stillOnItsFirstLoop(Calls mine, boolean lead) {
        ClusteringSink s = mine.ring(40).into(sink(RANK));
        s.watchLoop(RING);
        s.loopClustered(false);
        mine.ring(100).into(s);
        assertTrue(s.watchLoopAgain(RING));
        s.loopClusteredAgain(lead);
        return s;
    }

    @Test
    void aNonLeadStillOnItsFirstLoopKeepsItsShadowThroughTheClusteringAgain() {
        Calls mine = new Calls(RANK);
        ClusteringSink s = stillOnItsFirstLoop(mine, false);
        mine.ring(300).into(s);
        assertEquals(0, s.partialBytes(), "it never traced again");
        assertTrue(s.keepsWholeRun(), "and lost nothing");
        assertGivesEveryCallItMade(s, mine);
    }

    @Test
    void aRankStillOnItsFirstLoopThatLeadsTheClusteringAgainTracesItsRepeatedCallsAndOn() {
        Calls mine = new Calls(RANK);
        ClusteringSink s = stillOnItsFirstLoop(mine, true);
        assertTrue(s.partialBytes() > 0, "a lead holds its calls since its first loop");
        mine.ring(10).pairs(20).into(s);
        assertGivesEveryCallItMade(s, mine);
    }
}
