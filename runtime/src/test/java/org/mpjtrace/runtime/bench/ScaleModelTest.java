package org.mpjtrace.runtime.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.fold.TraceNode;

class ScaleModelTest {

    @Test
    void theBinomialTreeOfPRanksHasCeilLog2PLevels() {
        assertEquals(0, ScaleModel.levels(1));
        assertEquals(1, ScaleModel.levels(2));
        assertEquals(4, ScaleModel.levels(16));
        assertEquals(6, ScaleModel.levels(36));
        assertEquals(16, ScaleModel.levels(65_536));
    }

    @Test
    void eachLevelOfAPowerOfTwoTreeHalvesTheMessagesAndAllLevelsSendOneMessagePerRankButTheRoot() {
        int p = 64, total = 0;
        for (int level = 0; level < ScaleModel.levels(p); level++) {
            assertEquals(p >> (level + 1), ScaleModel.messagesAtLevel(p, level));
            total += ScaleModel.messagesAtLevel(p, level);
        }
        assertEquals(p - 1, total);
    }

    @Test
    void aTreeOfThirtySixRanksSendsThirtyFiveMessagesOverSixLevels() {
        int[] perLevel = new int[ScaleModel.levels(36)];
        for (int level = 0; level < perLevel.length; level++) perLevel[level] = ScaleModel.messagesAtLevel(36, level);
        assertArrayEquals(new int[] {18, 9, 4, 2, 1, 1}, perLevel);
        assertEquals(35, java.util.Arrays.stream(perLevel).sum());
    }

    @Test
    void aGridHasNineBoundaryClassesAndInteriorRanksFourNeighbours() {
        assertArrayEquals(new int[] {6, 6}, ScaleModel.grid(36));
        assertArrayEquals(new int[] {8, 8}, ScaleModel.grid(64));
        assertEquals(0, ScaleModel.boundaryClass(0, 6, 6));
        assertEquals(4, ScaleModel.boundaryClass(7, 6, 6));
        assertEquals(8, ScaleModel.boundaryClass(35, 6, 6));
        assertArrayEquals(new int[] {1, 13, 6, 8}, ScaleModel.neighbours(7, 6, 6));
        assertEquals(2, ScaleModel.neighbours(0, 6, 6).length);
    }

    @Test
    void withOneVariantEveryRankOfABoundaryClassGetsTheSameFold() {
        List<TraceNode>[] traces = ScaleModel.traces(36, 20, 1);
        assertTrue(traces[7] == traces[28]);
        assertTrue(traces[0] != traces[7]);
    }

    @Test
    void aMessageCostsTheLatencyPlusItsBytesOverTheBandwidth() {
        ScaleModel model = new ScaleModel(40, 1000, 1);
        assertEquals(40_000, model.transfer(0));
        assertEquals(41_000, model.transfer(1000));
    }
}
