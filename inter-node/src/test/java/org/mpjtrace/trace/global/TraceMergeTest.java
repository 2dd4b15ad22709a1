package org.mpjtrace.trace.global;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.fixtures.SyntheticStream;
import org.mpjtrace.trace.fixtures.SyntheticStreams;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.fold.EventRecords;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.ranks.RankSet;

/** Inter-node merge of compressed rank traces: lossless per rank, and flat in the number of ranks. */
class TraceMergeTest {

    /** Merges rank traces the way the runtime does over MPJ: a binomial tree rooted at rank 0. */
    static GlobalTrace mergeAll(int ranks, IntFunction<SyntheticStream> streamOf) {
        GlobalTrace[] t = new GlobalTrace[ranks];
        for (int r = 0; r < ranks; r++) t[r] = GlobalTrace.ofRank(r, streamOf.apply(r).folded());
        for (int step = 1; step < ranks; step *= 2)
            for (int r = 0; r + step < ranks; r += 2 * step) t[r] = TraceMerge.merge(t[r], t[r + step]);
        return t[0];
    }

    static List<long[]> expand(GlobalTrace trace, int rank) {
        List<long[]> out = new ArrayList<>();
        GlobalExpansion.expand(trace, rank, (GlobalEvent e, long[] values) -> {
            long[] r = new long[Event.WORDS];
            EventRecords.toRecord(e.op(), e.thread(), e.site(), e.stack(), values, rank, org.mpjtrace.trace.fixtures.SyntheticStream.WORLD_SIZE, r, 0);
            out.add(r);
        });
        return out;
    }

    static void assertEveryRankComesBack(GlobalTrace merged, int ranks, IntFunction<SyntheticStream> streamOf) {
        assertEquals(RankSet.range(0, ranks, 1), merged.ranks());
        for (int r = 0; r < ranks; r++) {
            List<long[]> expected = streamOf.apply(r).withoutTimes(), actual = expand(merged, r);
            assertEquals(expected.size(), actual.size(), "rank " + r + " occurrences");
            for (int i = 0; i < expected.size(); i++) assertArrayEquals(expected.get(i), actual.get(i), "rank " + r + " event " + i);
        }
    }

    @Test
    void stencilRanksMergeLosslessly() {
        IntFunction<SyntheticStream> s = r -> SyntheticStreams.stencil2d(r, 4, 4, 30, 10);
        assertEveryRankComesBack(mergeAll(16, s), 16, s);
        IntFunction<SyntheticStream> s9 = r -> SyntheticStreams.stencil2d(r, 3, 3, 30, 10);
        assertEveryRankComesBack(mergeAll(9, s9), 9, s9);
    }

    @Test
    void theMergedTraceStandsForEveryCallOfEveryRank() {
        IntFunction<SyntheticStream> s = r -> SyntheticStreams.stencil2d(r, 4, 4, 30, 10);
        long calls = 0;
        for (int r = 0; r < 16; r++) calls += s.apply(r).size();
        assertEquals(calls, mergeAll(16, s).calls());
    }

    @Test
    void stencilMergeIsFlatInRanks() {
        GlobalTrace p16 = mergeAll(16, r -> SyntheticStreams.stencil2d(r, 4, 4, 100, 10));
        GlobalTrace p64 = mergeAll(64, r -> SyntheticStreams.stencil2d(r, 8, 8, 100, 10));
        assertEquals(p16.nodeCount(), p64.nodeCount(), "same loop structure");
        assertEquals(alternatives(p16), alternatives(p64), "same number of per-rank-class values");
    }

    @Test
    void differentRankPatternsStayApartAndLossless() {
        // Even ranks run phases, odd ranks nested loops: nothing in common but the merge keeps both.
        IntFunction<SyntheticStream> s = r -> r % 2 == 0 ? SyntheticStreams.phases(r, 4, 5) : SyntheticStreams.nested(r, 6, 3);
        GlobalTrace merged = mergeAll(8, s);
        assertEveryRankComesBack(merged, 8, s);
    }

    @Test
    void randomRankStreamsMergeLosslessly() {
        Random rnd = new Random(5);
        for (int trial = 0; trial < 20; trial++) {
            long seed = rnd.nextLong();
            int ranks = 2 + rnd.nextInt(12);
            IntFunction<SyntheticStream> s = r -> r % 3 == 0 ? SyntheticStreams.random(r, 200, seed + r % 2)
                    : SyntheticStreams.varyingCounts(r, 20 + r % 4, 3);
            assertEveryRankComesBack(mergeAll(ranks, s), ranks, s);
        }
    }

    private static int alternatives(GlobalTrace t) {
        int[] n = {0};
        countAlternatives(t.nodes(), n);
        assertTrue(n[0] > 0);
        return n[0];
    }

    private static void countAlternatives(List<org.mpjtrace.trace.global.GlobalNode> nodes, int[] n) {
        for (var g : nodes) {
            if (g instanceof GlobalEvent e) for (Field f : Field.ALL) n[0] += e.field(f).list().size();
            else {
                var l = (org.mpjtrace.trace.global.GlobalLoop) g;
                n[0] += l.counts().list().size();
                countAlternatives(l.body(), n);
            }
        }
    }
}
