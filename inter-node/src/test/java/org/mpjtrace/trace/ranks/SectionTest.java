package org.mpjtrace.trace.ranks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SectionTest {

    @Test
    void oneDimensionalRunFromTheBrief() {
        Section s = Section.run(3, 5, 2);
        assertEquals("<1 3 5 2>", s.toString());
        assertArrayEquals(new int[] {3, 5, 7, 9, 11}, s.toArray());
        assertEquals(5, s.size());
        assertEquals(3, s.first());
        assertEquals(11, s.last());
        assertTrue(s.contains(9));
        assertFalse(s.contains(8));
        assertFalse(s.contains(13));
        assertFalse(s.contains(1));
    }

    @Test
    void arraysAreOutermostFirstAndTextInnermostFirst() {
        Section interior = new Section(9, new int[] {6, 6}, new int[] {8, 1});
        assertEquals("<2 9 6 1 6 8>", interior.toString());
        assertEquals(8, interior.stride(0));
        assertEquals(1, interior.stride(1));
        assertEquals(36, interior.size());
        assertEquals(54, interior.last());
        List<Integer> ranks = new ArrayList<>();
        interior.forEach(ranks::add);
        List<Integer> expected = new ArrayList<>();
        for (int y = 1; y <= 6; y++) for (int x = 1; x <= 6; x++) expected.add(y * 8 + x);
        assertEquals(expected, ranks);
        for (int r = -3; r < 70; r++) assertEquals(expected.contains(r), interior.contains(r), "rank " + r);
    }

    @Test
    void interleavedSpellingsAreRejectedAndTheirSetHasANestedOne() {
        // ScalaTrace's <2 0 4 4 2 1>: inner 4 ranks 4 apart, outer 2 copies 1 apart. Not nested.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Section(0, new int[] {2, 4}, new int[] {1, 4}));
        assertTrue(e.getMessage().contains("does not exceed the extent"), e.getMessage());
        assertEquals("<2 0 2 1 4 4>", RankSet.of(0, 4, 8, 12, 1, 5, 9, 13).toString());
    }

    @Test
    void fourDimensionsAgreeWithBruteForce() {
        Section s = new Section(5, new int[] {2, 3, 2, 4}, new int[] {1000, 100, 10, 2});
        List<Integer> expected = new ArrayList<>();
        for (int a = 0; a < 2; a++)
            for (int b = 0; b < 3; b++)
                for (int c = 0; c < 2; c++)
                    for (int d = 0; d < 4; d++) expected.add(5 + a * 1000 + b * 100 + c * 10 + d * 2);
        List<Integer> seen = new ArrayList<>();
        s.forEach(seen::add);
        assertEquals(expected, seen);
        assertEquals(48, s.size());
        assertEquals("<4 5 4 2 2 10 3 100 2 1000>", s.toString());
        for (int r = 0; r < 1300; r++) assertEquals(expected.contains(r), s.contains(r), "rank " + r);
    }

    @Test
    void countOneDimensionsNeedNoNestingAndAreDroppedByNormalisation() {
        Section s = new Section(2, new int[] {1, 4}, new int[] {1, 1});
        assertArrayEquals(new int[] {2, 3, 4, 5}, s.toArray());
        assertTrue(s.contains(5));
        assertFalse(s.contains(6));
        assertEquals("<1 2 4 1>", s.normalized().toString());
        assertEquals("<1 7 1 1>", new Section(7, new int[] {1, 1}, new int[] {9, 3}).normalized().toString());
    }

    @Test
    void touchingRowsFuse() {
        // 3 rows of 4, rows 4 apart: one run of 12.
        assertEquals("<1 0 12 1>", new Section(0, new int[] {3, 4}, new int[] {4, 1}).normalized().toString());
        // Only the inner two fuse: planes 100 apart of 2x3 that touch.
        assertEquals("<2 0 6 2 2 100>",
                new Section(0, new int[] {2, 2, 3}, new int[] {100, 6, 2}).normalized().toString());
        Section already = new Section(9, new int[] {6, 6}, new int[] {8, 1});
        assertEquals(already, already.normalized());
    }

    @Test
    void invalidNumbersAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new Section(0, new int[] {}, new int[] {}));
        assertThrows(IllegalArgumentException.class, () -> new Section(0, new int[] {2, 2, 2, 2, 2}, new int[] {100000, 10000, 1000, 100, 1}));
        assertThrows(IllegalArgumentException.class, () -> new Section(0, new int[] {2}, new int[] {1, 1}));
        assertThrows(IllegalArgumentException.class, () -> Section.run(-1, 2, 1));
        assertThrows(IllegalArgumentException.class, () -> Section.run(0, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> Section.run(0, 2, 0));
        assertThrows(IllegalArgumentException.class, () -> Section.run(Integer.MAX_VALUE - 2, 2, 3));
        assertThrows(IllegalArgumentException.class,
                () -> new Section(0, new int[] {1 << 16, 1 << 16}, new int[] {1 << 16, 1}));
        Section highest = Section.run(Integer.MAX_VALUE - 2, 2, 2);
        assertEquals(Integer.MAX_VALUE, highest.last());
        assertArrayEquals(new int[] {Integer.MAX_VALUE - 2, Integer.MAX_VALUE}, highest.toArray());
        assertTrue(highest.contains(Integer.MAX_VALUE));
    }

    @Test
    void equalityIsByRepresentation() {
        assertEquals(Section.run(0, 4, 1), new Section(0, new int[] {4}, new int[] {1}));
        assertEquals(Section.run(0, 4, 1).hashCode(), new Section(0, new int[] {4}, new int[] {1}).hashCode());
        assertNotEquals(Section.run(0, 4, 1), new Section(0, new int[] {2, 2}, new int[] {2, 1}));
        int[] counts = {3};
        Section s = new Section(0, counts, new int[] {1});
        counts[0] = 7; // the section keeps its own copy
        assertEquals(3, s.size());
        s.counts()[0] = 9;
        assertEquals(3, s.count(0));
    }
}
