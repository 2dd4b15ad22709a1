package org.mpjtrace.cli.phases;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Pattern ids shared by ranks ({@link PatternIds}), and how rank classes print their ranks. */
class SharedPatternIdsTest {
    private static final int INIT = 0, A = 1, B = 2, C = 3, FIN = 4;

    @Test
    void theSamePatternHasTheSameIdOnEveryRankWhateverOrderTheRanksMeetIt() {
        PatternIds ids = new PatternIds();
        int[] first = {INIT, A, B, A, B, A, B, FIN};
        int[] second = {INIT, C, C, C, A, B, A, B, FIN};
        PatternSequence one = PatternFinder.find(first, new int[first.length], ids);
        PatternSequence two = PatternFinder.find(second, new int[second.length], ids);
        assertArrayEquals(new int[] {0, 1, 1, 1, 2}, one.symbols(), "the first rank numbers as if alone");
        // C is new (id 3); Init, A.B and Finalize keep the ids the first rank gave them.
        assertArrayEquals(new int[] {0, 3, 3, 3, 1, 1, 2}, two.symbols());
        assertEquals(4, two.patterns());
        assertArrayEquals(new int[] {C}, two.bodies().get(3));
    }

    @Test
    void aRankAloneNumbersItsPatternsByFirstOccurrenceAsBefore() {
        int[] second = {INIT, C, C, C, A, B, A, B, FIN};
        assertArrayEquals(new int[] {0, 1, 1, 1, 2, 2, 3}, PatternFinder.find(second, new int[second.length]).symbols());
    }

    @Test
    void aClassesRanksAreWrittenWithRunsOfConsecutiveRanksAsFirstToLast() {
        assertEquals("0,2-5", new RankClass(List.of(0, 2, 3, 4, 5), 1, List.of()).compactRanks());
        assertEquals("7", new RankClass(List.of(7), 1, List.of()).compactRanks());
        assertEquals("0-1,3,5-6", new RankClass(List.of(0, 1, 3, 5, 6), 1, List.of()).compactRanks());
    }
}
