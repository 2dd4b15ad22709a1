package org.mpjtrace.cli.phases;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The recursive segmentation on symbol sequences whose answers are known. */
class SegmenterTest {

    /** {@code runs[i]} copies of symbol i, one run after another. */
    private static int[] runs(int... lengths) {
        int n = 0;
        for (int l : lengths) n += l;
        int[] s = new int[n];
        for (int i = 0, p = 0; i < lengths.length; i++) for (int j = 0; j < lengths[i]; j++) s[p++] = i;
        return s;
    }

    private static List<List<Integer>> bounds(List<Segment> segments) {
        return segments.stream().map(s -> List.of(s.start(), s.end())).toList();
    }

    @Test
    void threeRunsAreCutExactlyAtTheirTwoBoundaries() {
        SegmentTree tree = Segmenter.segment(runs(20, 20, 20), 0);
        // Cutting after the As or before the Cs diverge equally; the leftmost maximum wins.
        assertEquals(19, tree.root().cut());
        assertEquals(List.of(List.of(0, 19), List.of(20, 39), List.of(40, 59)), bounds(tree.cutAt(tree.height())));
        assertEquals(2, tree.height());
        assertEquals(5, tree.nodes().size(), "the root, its two parts, and the second part's two: the pure runs are not cut");
    }

    @Test
    void unequalRunsAreCutAtTheirBoundariesToo() {
        SegmentTree tree = Segmenter.segment(runs(7, 30, 3, 12), 0);
        assertEquals(List.of(List.of(0, 6), List.of(7, 36), List.of(37, 39), List.of(40, 51)), bounds(tree.cutAt(tree.height())));
    }

    @Test
    void aUniformRandomSequenceIsNotCutAtTheDefaultStrength() {
        for (long seed = 1; seed <= 10; seed++) {
            Random random = new Random(seed);
            int[] s = new int[2000];
            for (int i = 0; i < s.length; i++) s[i] = random.nextInt(4);
            SegmentTree tree = Segmenter.segment(s, 0);
            assertEquals(1, tree.nodes().size(), "seed " + seed + ": " + tree.root());
            assertTrue(tree.root().strength() < 0, "seed " + seed);
        }
    }

    @Test
    void aSequenceOfOneSymbolIsOneLeafWithStrengthMinusOne() {
        SegmentTree tree = Segmenter.segment(runs(12), 0);
        assertEquals(1, tree.nodes().size());
        assertEquals(-1, tree.root().strength(), 1e-12);
        assertEquals(0, tree.height());
    }

    @Test
    void callsMadeOnceEachStayTogetherThoughBicWouldCutThem() {
        // Init, 40 steps, then three one-off calls: the closing calls are one finish, not three phases.
        int[] s = new int[44];
        java.util.Arrays.fill(s, 1, 41, 1);
        s[41] = 2;
        s[42] = 3;
        s[43] = 4;
        SegmentTree tree = Segmenter.segment(s, 0);
        assertEquals(List.of(List.of(0, 0), List.of(1, 40), List.of(41, 43)), bounds(tree.cutAt(tree.height())));
        Segment finish = tree.cutAt(tree.height()).get(2);
        assertTrue(finish.strength() > 0, "BIC alone would cut it: " + finish);
        assertTrue(!finish.isCut());
        // Two different calls alone: D_JS is ln 2 at the only cut whatever the calls are, s = 3, and no cut.
        SegmentTree two = Segmenter.segment(new int[] {5, 9}, 0);
        assertEquals(3, two.root().strength(), 1e-12);
        assertEquals(1, two.nodes().size());
        // One repeat is enough to weigh the parts: A B A is cut.
        assertTrue(Segmenter.segment(new int[] {0, 0, 0, 0, 1, 2, 1, 2, 1, 2, 1, 2}, 0).root().isCut());
    }

    @Test
    void theMinimumStrengthDecidesWhetherACutIsMade() {
        // AA|BB has s = 3 exactly (DivergenceTest): cut above 2.9, not above 3.
        assertEquals(3, Segmenter.segment(runs(2, 2), 2.9).nodes().size());
        assertEquals(1, Segmenter.segment(runs(2, 2), 3).nodes().size());
    }

    @Test
    void nodesAreInLevelOrderAndEveryCutNodeIsCoveredByItsTwoChildren() {
        SegmentTree tree = Segmenter.segment(runs(9, 4, 15, 1, 6, 20), 0);
        for (Segment s : tree.nodes()) {
            assertEquals(s, tree.node(s.id()));
            if (s.parent() >= 0) {
                assertTrue(s.parent() < s.id());
                assertEquals(tree.node(s.parent()).depth() + 1, s.depth());
            }
            if (!s.isCut()) continue;
            Segment l = tree.node(s.left()), r = tree.node(s.right());
            assertEquals(List.of(s.start(), s.cut(), s.cut() + 1, s.end()), List.of(l.start(), l.end(), r.start(), r.end()));
            assertTrue(s.strength() > 0);
        }
        for (int i = 1; i < tree.nodes().size(); i++) assertTrue(tree.nodes().get(i - 1).depth() <= tree.nodes().get(i).depth());
    }

    @Test
    void cuttingAtThresholdTGivesTheNodesAtDepthTAndTheLeavesAbove() {
        SegmentTree tree = Segmenter.segment(runs(20, 20, 20), 0);
        assertEquals(List.of(List.of(0, 59)), bounds(tree.cutAt(0)));
        assertEquals(List.of(List.of(0, 19), List.of(20, 59)), bounds(tree.cutAt(1)));
        assertThrows(IllegalArgumentException.class, () -> tree.cutAt(3));
    }

    @Test
    void aTreeAsDeepAsTheSequenceIsLongNeedsNoDeepStack() {
        // Runs of 1, 2, 4, 8, ... symbols: each cut peels the longest run off the end, so the tree is a chain.
        int[] lengths = new int[14];
        for (int i = 0; i < lengths.length; i++) lengths[i] = 1 << i;
        SegmentTree tree = Segmenter.segment(runs(lengths), 0);
        List<Segment> leaves = tree.cutAt(tree.height());
        assertEquals(lengths.length, leaves.size());
        for (int i = 0, start = 0; i < lengths.length; start += lengths[i], i++)
            assertEquals(List.of(start, start + lengths[i] - 1), List.of(leaves.get(i).start(), leaves.get(i).end()));
        assertEquals(lengths.length - 1, tree.height(), "a chain: one run peeled off per level");
    }

    @Test
    void anEmptySequenceHasNoTree() {
        assertThrows(IllegalArgumentException.class, () -> Segmenter.segment(new int[0], 0));
    }

    @Test
    void runsOfRepeatedBodiesGiveTheTreeOfTheSequenceWrittenOut() {
        // Random sequences of runs, as a time loop's iterations give them: a few bodies of 1-4 symbols,
        // each repeated 1-40 times. Read run by run, only two repetitions of a run are scanned one cut at a
        // time; the tree must be the written-out sequence's all the same, node by node.
        int trees = 0, cuts = 0;
        for (long seed = 1; seed <= 300; seed++) {
            Random random = new Random(seed);
            int runs = 1 + random.nextInt(8);
            int[][] bodies = new int[runs][];
            long[] counts = new long[runs];
            int n = 0;
            for (int r = 0; r < runs; r++) {
                bodies[r] = new int[1 + random.nextInt(4)];
                for (int j = 0; j < bodies[r].length; j++) bodies[r][j] = random.nextInt(5);
                counts[r] = 1 + random.nextInt(40);
                n += bodies[r].length * (int) counts[r];
            }
            int[] written = new int[n];
            for (int r = 0, p = 0; r < runs; r++) for (int k = 0; k < counts[r]; k++) for (int x : bodies[r]) written[p++] = x;
            double minStrength = seed % 3 == 0 ? -0.5 : 0;
            List<Segment> expected = Segmenter.segment(written, minStrength).nodes();
            List<Segment> actual = Segmenter.segment(bodies, counts, minStrength).nodes();
            assertEquals(expected.size(), actual.size(), "seed " + seed);
            for (int k = 0; k < expected.size(); k++) {
                Segment e = expected.get(k), a = actual.get(k);
                String where = "seed " + seed + ", node " + k;
                assertEquals(List.of(e.start(), e.end(), e.cut(), e.left(), e.right()), List.of(a.start(), a.end(), a.cut(), a.left(), a.right()), where);
                assertEquals(e.djs(), a.djs(), 1e-9, where);
                if (!Double.isNaN(e.strength())) assertEquals(e.strength(), a.strength(), 1e-6, where);
                if (a.isCut()) cuts++;
            }
            trees++;
        }
        assertEquals(300, trees);
        assertTrue(cuts > 300, "the sequences are cut often enough to mean something: " + cuts);
    }
}
