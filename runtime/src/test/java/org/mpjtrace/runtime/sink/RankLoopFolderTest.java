package org.mpjtrace.runtime.sink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.fixtures.EventBuilder;
import org.mpjtrace.trace.fixtures.SyntheticStream;
import org.mpjtrace.trace.fixtures.SyntheticStreams;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.fold.EventNode;
import org.mpjtrace.trace.fold.EventRecords;
import org.mpjtrace.trace.fold.LoopNode;
import org.mpjtrace.trace.fold.TraceExpansion;
import org.mpjtrace.trace.fold.TraceFolding;
import org.mpjtrace.trace.fold.TraceNode;

/** Compress then expand gives back the input, and regular streams compress to a fixed size. */
class RankLoopFolderTest {

    static RankLoopFolder compress(SyntheticStream s) {
        RankLoopFolder c = new RankLoopFolder(s.rank(), SyntheticStream.WORLD_SIZE, 0, TraceFolding.DEFAULT_WINDOW);
        long[] w = s.words();
        for (int i = 0; i < s.size(); i++) c.append(w, i * Event.WORDS);
        return c;
    }

    /** The input records with times zeroed (times are kept as histograms, not per call). */
    static List<long[]> withoutTimes(SyntheticStream s) {
        long[] w = s.words();
        List<long[]> out = new ArrayList<>();
        for (int i = 0; i < s.size(); i++) {
            long[] r = java.util.Arrays.copyOfRange(w, i * Event.WORDS, (i + 1) * Event.WORDS);
            r[Event.W_ENTER] = 0;
            r[Event.W_EXIT] = 0;
            out.add(r);
        }
        return out;
    }

    static List<long[]> expand(List<TraceNode> nodes, int rank) {
        List<long[]> out = new ArrayList<>();
        TraceExpansion.expand(nodes, (node, values) -> {
            long[] r = new long[Event.WORDS];
            EventRecords.toRecord(node.op(), node.thread(), node.site(), node.stack(), values, rank, SyntheticStream.WORLD_SIZE, r, 0);
            out.add(r);
        });
        return out;
    }

    static void assertLossless(SyntheticStream s) {
        RankLoopFolder c = compress(s);
        List<long[]> expected = withoutTimes(s), actual = expand(c.nodes(), s.rank());
        assertEquals(expected.size(), actual.size(), "occurrences");
        for (int i = 0; i < expected.size(); i++) assertArrayEquals(expected.get(i), actual.get(i), "event " + i);
    }

    static int size(List<TraceNode> nodes) {
        int n = 0;
        for (TraceNode t : nodes) n += t.nodeCount();
        return n;
    }

    @Test
    void stencilIsLosslessAndItsSizeDoesNotGrowWithSteps() {
        for (int rank : new int[] {0, 1, 5}) {
            assertLossless(SyntheticStreams.stencil2d(rank, 4, 4, 100, 10));
            int small = size(compress(SyntheticStreams.stencil2d(rank, 4, 4, 100, 10)).nodes());
            int large = size(compress(SyntheticStreams.stencil2d(rank, 4, 4, 10_000, 10)).nodes());
            assertEquals(small, large, "rank " + rank);
        }
    }

    @Test
    void stencilFoldsIntoTheExpectedLoopNest() {
        // Interior rank 5 of 4x4: Init, <1000/10 x <10 x <4 Irecv> <4 Isend> Waitall> Allreduce>, Finalize
        List<TraceNode> nodes = compress(SyntheticStreams.stencil2d(5, 4, 4, 1000, 10)).nodes();
        assertEquals(3, nodes.size(), "Init, the loop nest, Finalize");
        LoopNode outer = (LoopNode) nodes.get(1);
        assertEquals("100", outer.counts().toString());
        LoopNode steps = (LoopNode) outer.body().get(0);
        assertEquals("10x100", steps.counts().toString());
        assertEquals(3, steps.body().size(), "<Irecv>, <Isend>, Waitall");
    }

    @Test
    void nestedLoopsAreLossless() {
        assertLossless(SyntheticStreams.nested(3, 50, 7));
        assertTrue(size(compress(SyntheticStreams.nested(3, 50, 7)).nodes()) <= 6);
    }

    @Test
    void loopsWhoseCountsVaryStillFoldAndStayLossless() {
        SyntheticStream s = SyntheticStreams.varyingCounts(2, 300, 5);
        assertLossless(s);
        assertEquals(size(compress(SyntheticStreams.varyingCounts(2, 30, 5)).nodes()), size(compress(s).nodes()));
    }

    @Test
    void interleavedPhasesAreLossless() {
        assertLossless(SyntheticStreams.phases(1, 12, 25));
        int twelve = size(compress(SyntheticStreams.phases(1, 12, 25)).nodes());
        assertTrue(twelve <= 7, "<6 x <25 x Send Recv> <25 x Allreduce Bcast>>: " + twelve);
        assertEquals(twelve, size(compress(SyntheticStreams.phases(1, 40, 25)).nodes()), "more phases, same size");
    }

    @Test
    void growingPatternsAreLossless() {
        assertLossless(SyntheticStreams.growing(4, 40));
    }

    @Test
    void noiseIsLossless() {
        for (long seed = 0; seed < 30; seed++) assertLossless(SyntheticStreams.random(1, 500, seed));
    }

    @Test
    void peersAreStoredRelativeSoNeighboursAgree() {
        // Rank 5 and rank 6 both talk to their left and right neighbours: the same relative values.
        var a = compress(SyntheticStreams.nested(5, 3, 2)).nodes();
        var b = compress(SyntheticStreams.nested(6, 3, 2)).nodes();
        LoopNode la = (LoopNode) a.get(0), lb = (LoopNode) b.get(0);
        var sendA = (EventNode) ((LoopNode) la.body().get(0)).body().get(0);
        var sendB = (EventNode) ((LoopNode) lb.body().get(0)).body().get(0);
        assertEquals(sendA.values(org.mpjtrace.trace.fold.Field.PEER), sendB.values(org.mpjtrace.trace.fold.Field.PEER));
    }

    /** A marker's work on thread 0 ends thread 0's compute there; thread 1 ran on meanwhile and keeps its own. */
    @Test
    void aResumptionOnOneThreadLeavesTheOtherThreadsComputeAlone() {
        RankLoopFolder c = new RankLoopFolder(0, SyntheticStream.WORLD_SIZE, 0, TraceFolding.DEFAULT_WINDOW);
        c.append(EventBuilder.words(new EventBuilder(Op.BARRIER, 0, 0).comm(0).at(100, 200)), 0);
        c.append(EventBuilder.words(new EventBuilder(Op.SEND, 1, 0).thread(1).comm(0).peer(1).at(300, 400)), 0);
        c.resumeAt(0, 1_000);
        c.append(EventBuilder.words(new EventBuilder(Op.SSEND, 3, 0).thread(1).comm(0).peer(1).at(1_400, 1_500)), 0);
        c.append(EventBuilder.words(new EventBuilder(Op.ALLREDUCE, 2, 0).comm(0).count(1).at(1_600, 1_700)), 0);
        long threadOneLast = 0, threadZeroLast = 0;
        for (var n : c.nodes()) {
            if (!(n instanceof EventNode e)) continue;
            if (e.thread() == 1) threadOneLast = e.compute().max();
            else threadZeroLast = e.compute().max();
        }
        assertEquals(1_000, threadOneLast, "1400 - 400: thread 1 computed through thread 0's marker");
        assertEquals(600, threadZeroLast, "1600 - 1000: thread 0's compute starts at its marker's end");
    }

    @Test
    void computeTimeCountsFromWhenTheTracerGaveControlBack() {
        RankLoopFolder c = new RankLoopFolder(0, SyntheticStream.WORLD_SIZE, 0, TraceFolding.DEFAULT_WINDOW);
        long[] w = EventBuilder.words(new EventBuilder(Op.BARRIER, 0, 0).comm(0).at(100, 200));
        c.append(w, 0);
        c.resumeAt(0, 1_000); // a marker's clustering and merge took from 200 to 1000
        w = EventBuilder.words(new EventBuilder(Op.ALLREDUCE, 1, 0).comm(0).count(1).at(1_500, 1_600));
        c.append(w, 0);
        EventNode second = (EventNode) c.nodes().get(c.nodes().size() - 1);
        assertEquals(500, second.compute().max(), "1500 - 1000, not 1500 - 200");
        c.resumeAt(0, 50); // never backwards
        w = EventBuilder.words(new EventBuilder(Op.SEND, 2, 0).comm(0).at(1_700, 1_800));
        c.append(w, 0);
        assertEquals(100, ((EventNode) c.nodes().get(c.nodes().size() - 1)).compute().max());
    }

    @Test
    void eachThreadFoldsItsOwnLoopHoweverTheirCallsInterleave() {
        // Thread 0: 6x (Send, Recv); thread 1: 9x Allreduce; drained in uneven chunks, as the rings of two threads are.
        List<long[]> thread0 = new ArrayList<>(), thread1 = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            thread0.add(EventBuilder.words(new EventBuilder(Op.SEND, 1, 0).peer(2).tag(3).count(4).at(10 * i, 10 * i + 1)));
            thread0.add(EventBuilder.words(new EventBuilder(Op.RECV, 2, 0).peer(0).tag(3).count(4).at(10 * i + 2, 10 * i + 3)));
        }
        for (int i = 0; i < 9; i++)
            thread1.add(EventBuilder.words(new EventBuilder(Op.ALLREDUCE, 3, 0).thread(1).count(1).at(7 * i, 7 * i + 5)));
        RankLoopFolder folder = new RankLoopFolder(1, SyntheticStream.WORLD_SIZE, 0, TraceFolding.DEFAULT_WINDOW);
        int a = 0, b = 0;
        for (int chunk = 1; a < thread0.size() || b < thread1.size(); chunk++) {
            for (int k = 0; k < chunk % 4 + 1 && a < thread0.size(); k++) folder.append(thread0.get(a++), 0);
            for (int k = 0; k < chunk % 3 + 1 && b < thread1.size(); k++) folder.append(thread1.get(b++), 0);
        }

        List<TraceNode> nodes = folder.nodes();
        assertEquals(2, nodes.size(), "one loop per thread");
        LoopNode first = (LoopNode) nodes.get(0), second = (LoopNode) nodes.get(1);
        assertEquals(6, first.counts().cursor().next());
        assertEquals(9, second.counts().cursor().next());
        assertEquals(List.of(0, 0), first.body().stream().map(n -> ((EventNode) n).thread()).toList());
        assertEquals(List.of(1), second.body().stream().map(n -> ((EventNode) n).thread()).toList());
        EventNode allreduce = (EventNode) second.body().get(0);
        assertEquals(0, allreduce.compute().min(), "a thread's first call: no compute time before it is known");
        assertEquals(2, allreduce.compute().max(), "compute time since the same thread's previous call");

        List<long[]> expected = new ArrayList<>(thread0);
        expected.addAll(thread1);
        List<long[]> actual = expand(nodes, 1);
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            long[] want = expected.get(i).clone();
            want[Event.W_ENTER] = 0;
            want[Event.W_EXIT] = 0;
            assertArrayEquals(want, actual.get(i), "call " + i);
        }
    }
}
