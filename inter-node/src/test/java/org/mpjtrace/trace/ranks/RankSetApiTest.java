package org.mpjtrace.trace.ranks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

class RankSetApiTest {

    @Test
    void factories() {
        assertEquals("<>", RankSet.empty().toString());
        assertTrue(RankSet.empty().isEmpty());
        assertEquals(0, RankSet.empty().size());
        assertEquals("<1 5 1 1>", RankSet.single(5).toString());
        assertEquals("<1 3 5 2>", RankSet.range(3, 5, 2).toString());
        assertSame(RankSet.empty(), RankSet.range(3, 0, 2));
        assertEquals(RankSet.single(4), RankSet.range(4, 1, 7));
        assertEquals("<1 0 4 1>", RankSet.of(3, 1, 2, 0, 2, 3).toString());
        assertEquals(RankSet.empty(), RankSet.of());
        BitSet bits = new BitSet();
        bits.set(10, 20);
        assertEquals("<1 10 10 1>", RankSet.of(bits).toString());
        assertEquals(RankSet.empty(), RankSet.of(new BitSet()));
        assertEquals("<2 0 2 1 4 4>", RankSet.of(new Section(0, new int[] {4, 2}, new int[] {4, 1})).toString());
        assertThrows(IllegalArgumentException.class, () -> RankSet.of(1, -2));
        assertThrows(IllegalArgumentException.class, () -> RankSet.single(-1));
    }

    @Test
    void queries() {
        RankSet set = RankSet.of(0, 1, 2, 9, 10, 17, 18, 40);
        assertEquals("<1 0 3 1> <2 9 2 1 2 8> <1 40 1 1>", set.toString());
        assertEquals(8, set.size());
        assertEquals(0, set.min());
        assertEquals(40, set.max());
        assertArrayEquals(new int[] {0, 1, 2, 9, 10, 17, 18, 40}, set.toArray());
        assertTrue(set.contains(17));
        assertFalse(set.contains(16));
        assertFalse(set.contains(41));
        assertFalse(set.contains(-1));
        assertThrows(NoSuchElementException.class, () -> RankSet.empty().min());
        assertThrows(NoSuchElementException.class, () -> RankSet.empty().max());
        assertThrows(UnsupportedOperationException.class, () -> set.sections().clear());
    }

    @Test
    void unionAndValueSemantics() {
        RankSet evens = RankSet.range(0, 8, 2);
        RankSet odds = RankSet.range(1, 8, 2);
        assertEquals("<1 0 16 1>", evens.union(odds).toString());
        assertSame(evens, evens.union(RankSet.empty()));
        assertSame(evens, RankSet.empty().union(evens));
        assertEquals(evens, evens.union(RankSet.of(4, 8)));
        assertEquals(RankSet.of(0, 2, 4, 6, 8, 10, 12, 14), evens);
        assertEquals(evens.hashCode(), RankSet.of(14, 12, 10, 8, 6, 4, 2, 0).hashCode());
        assertNotEquals(evens, odds);
        assertNotEquals(evens, "<1 0 8 2>");
        // The union of the ranklists of the cluster in the Chameleon paper's example.
        assertEquals("<1 0 6 1>", RankSet.range(0, 5, 1).union(RankSet.single(5)).toString());
    }
}
