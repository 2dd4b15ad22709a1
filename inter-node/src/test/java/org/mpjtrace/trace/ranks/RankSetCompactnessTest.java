package org.mpjtrace.trace.ranks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpjtrace.trace.ranks.Grids.Part;

/**
 * Regular sets stay one section whatever the grid size: every class of a non-periodic stencil, and
 * every product of such parts along the axes. Convention under test (see {@link Section}): text lists
 * dimensions innermost first, grids are row-major with x fastest.
 */
class RankSetCompactnessTest {

    static Stream<Arguments> grids() {
        List<Arguments> out = new ArrayList<>();
        for (int px = 2; px <= 16; px++) {
            for (int py = 2; py <= 16; py++) out.add(Arguments.of((Object) new int[] {px, py}));
        }
        out.add(Arguments.of((Object) new int[] {256, 256}));
        for (int[] g : new int[][] {{3, 3, 3}, {4, 4, 4}, {8, 8, 8}, {3, 4, 5}, {7, 2, 3}, {2, 9, 4}}) {
            out.add(Arguments.of((Object) g));
        }
        out.add(Arguments.of((Object) new int[] {3, 3, 3, 3}));
        out.add(Arguments.of((Object) new int[] {4, 3, 5, 2}));
        return out.stream();
    }

    @ParameterizedTest(name = "grid {0}")
    @MethodSource("grids")
    void everyProductOfAxisPartsIsOneSection(int[] extents) {
        for (Part[] choice : Grids.allChoices(extents.length, Part.values())) {
            int[] ranks = Grids.product(extents, choice);
            if (ranks.length == 0) continue; // MID of an axis of 2
            RankSet set = RankSet.of(ranks);
            String what = Arrays.toString(extents) + " " + Arrays.toString(choice) + " -> " + set;
            assertEquals(1, set.sections().size(), what);
            assertTrue(set.sections().get(0).dimensions() <= extents.length, what);
            assertTrue(Arrays.equals(ranks, set.toArray()), what);
        }
    }

    @ParameterizedTest(name = "grid {0}")
    @MethodSource("grids")
    void unionOfTheBasicClassesInAnyOrderIsTheWholeWorld(int[] extents) {
        List<RankSet> classes = new ArrayList<>();
        for (Part[] choice : Grids.allChoices(extents.length, Part.BASIC)) {
            classes.add(RankSet.of(Grids.product(extents, choice)));
        }
        int p = Grids.size(extents);
        Random random = new Random(Arrays.hashCode(extents));
        for (int round = 0; round < 3; round++) {
            Collections.shuffle(classes, random);
            RankSet all = RankSet.empty();
            for (RankSet c : classes) all = all.union(c);
            assertEquals("<1 0 " + p + " 1>", all.toString());
        }
    }

    @ParameterizedTest(name = "grid {0}")
    @MethodSource("grids")
    void unionsInAnyOrderGiveTheSameSectionsAndProductsStayOneSection(int[] extents) {
        // The boundary (every basic class but the interior) is not a box; its spelling must still not
        // depend on the order the classes arrive in.
        List<RankSet> boundary = new ArrayList<>();
        for (Part[] choice : Grids.allChoices(extents.length, Part.BASIC)) {
            boolean interior = Arrays.stream(choice).allMatch(c -> c == Part.MID);
            if (!interior) boundary.add(RankSet.of(Grids.product(extents, choice)));
        }
        Random random = new Random(7);
        RankSet first = null;
        for (int round = 0; round < 4; round++) {
            Collections.shuffle(boundary, random);
            RankSet u = RankSet.empty();
            for (RankSet c : boundary) u = u.union(c);
            if (first == null) first = u;
            assertEquals(first.sections(), u.sections());
        }
        // ENDS = LOW + HIGH and ALL = LOW + MID + HIGH: unions of classes that make a product.
        Part[] corners = new Part[extents.length];
        Arrays.fill(corners, Part.ENDS);
        RankSet viaClasses = RankSet.empty();
        for (Part[] choice : Grids.allChoices(extents.length, new Part[] {Part.LOW, Part.HIGH})) {
            viaClasses = RankSet.of(Grids.product(extents, choice)).union(viaClasses);
        }
        assertEquals(RankSet.of(Grids.product(extents, corners)), viaClasses);
        assertEquals(1, viaClasses.sections().size());
    }

    @Test
    void interiorOf8x8IsTheBriefsExample() {
        RankSet interior = RankSet.of(Grids.product(new int[] {8, 8}, new Part[] {Part.MID, Part.MID}));
        assertEquals("<2 9 6 1 6 8>", interior.toString());
        Section s = interior.sections().get(0);
        assertEquals(9, s.start());
        // Held outermost first: rows (6 of them, 8 apart), then columns (6, 1 apart).
        assertTrue(Arrays.equals(new int[] {6, 6}, s.counts()));
        assertTrue(Arrays.equals(new int[] {8, 1}, s.strides()));
    }

    @Test
    void namedClassesOf2dGridsHaveTheExpectedSpelling() {
        for (int px = 3; px <= 16; px++) {
            for (int py = 3; py <= 16; py++) {
                int[] g = {px, py};
                assertEquals("<2 0 2 " + (px - 1) + " 2 " + (py - 1) * px + ">", classOf(g, Part.ENDS, Part.ENDS));
                assertEquals(interior(px, py), classOf(g, Part.MID, Part.MID));
                assertEquals("<1 1 " + (px - 2) + " 1>", classOf(g, Part.MID, Part.LOW));                 // top edge
                assertEquals("<1 " + ((py - 1) * px + 1) + " " + (px - 2) + " 1>", classOf(g, Part.MID, Part.HIGH));
                assertEquals(column(px, py, 0), classOf(g, Part.LOW, Part.MID));                          // left edge
                assertEquals(column(px, py, px - 1), classOf(g, Part.HIGH, Part.MID));                     // right edge
            }
        }
        // 2x2: the corners are the whole grid.
        assertEquals("<1 0 4 1>", classOf(new int[] {2, 2}, Part.ENDS, Part.ENDS));
    }

    @Test
    void cornersOf3dGridsAreOne3dSection() {
        for (int[] g : new int[][] {{3, 3, 3}, {4, 4, 4}, {8, 8, 8}, {3, 4, 5}}) {
            int px = g[0], py = g[1], pz = g[2];
            assertEquals("<3 0 2 " + (px - 1) + " 2 " + (py - 1) * px + " 2 " + (pz - 1) * px * py + ">",
                    classOf(g, Part.ENDS, Part.ENDS, Part.ENDS));
        }
        // Interior of 8x8x8: 6 planes of 6 rows of 6.
        assertEquals("<3 73 6 1 6 8 6 64>", classOf(new int[] {8, 8, 8}, Part.MID, Part.MID, Part.MID));
    }

    @Test
    void nearlyRegularSetsStaySmall() {
        int[] interior = Grids.product(new int[] {8, 8}, new Part[] {Part.MID, Part.MID});
        // A stray rank just before a block must not take the block's first rank with it (the run
        // {5, 9} would): the look-ahead keeps the interior whole.
        int[] withStray = Arrays.copyOf(interior, interior.length + 1);
        withStray[interior.length] = 5;
        assertEquals("<1 5 1 1> <2 9 6 1 6 8>", RankSet.of(withStray).toString());
        // The boundary ring of 8x8: first row and the left corner, the sides, the rest.
        RankSet ring = RankSet.range(0, 64, 1);
        RankSet rebuilt = RankSet.empty();
        for (int r = 0; r < 64; r++) {
            if (!RankSet.of(interior).contains(r)) rebuilt = rebuilt.union(RankSet.single(r));
        }
        assertEquals("<1 0 9 1> <2 15 2 1 6 8> <1 57 7 1>", rebuilt.toString());
        assertEquals(ring, rebuilt.union(RankSet.of(interior)));
        // The same interior in two stacked 8x8 grids is one 3-D section.
        int[] twice = Arrays.copyOf(interior, 2 * interior.length);
        for (int i = 0; i < interior.length; i++) twice[interior.length + i] = interior[i] + 64;
        assertEquals("<3 9 6 1 6 8 2 64>", RankSet.of(twice).toString());
    }

    /** Rows of px - 2 ranks, px apart; degenerate rows or columns become 1-D. */
    private static String interior(int px, int py) {
        if (px == 3 && py == 3) return "<1 4 1 1>";
        if (px == 3) return "<1 4 " + (py - 2) + " 3>";
        if (py == 3) return "<1 " + (px + 1) + " " + (px - 2) + " 1>";
        return "<2 " + (px + 1) + " " + (px - 2) + " 1 " + (py - 2) + " " + px + ">";
    }

    /** The left or right edge without corners: one column, a single rank when py is 3. */
    private static String column(int px, int py, int x) {
        return py == 3 ? "<1 " + (px + x) + " 1 1>" : "<1 " + (px + x) + " " + (py - 2) + " " + px + ">";
    }

    private static String classOf(int[] extents, Part... parts) {
        return RankSet.of(Grids.product(extents, parts)).toString();
    }
}
