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
        ModelClock clock = new ModelClock(40, 1000, 1);
        assertEquals(40_000, clock.transfer(0));
        assertEquals(41_000, clock.transfer(1000));
    }

    @Test
    void theVoteIsAReduceThenABcastEachCeilLog2PMessagesDeep() {
        assertEquals(8, MarkerModel.voteHops(16));
        assertEquals(12, MarkerModel.voteHops(36));
        assertEquals(32, MarkerModel.voteHops(65_536));
    }

    /**
     * With a latency of a second every other cost is noise, so each figure counts the messages one after another
     * on its critical path: full's merge of 16 ranks 4 rounds; a marker's vote 8; the clustering 4 up and 4 down;
     * the nine leads' merge one hop, each lead sending to rank 0, whose writer thread merges after the marker.
     */
    @Test
    void onTheCriticalPathFullsMergeIsLog2PMessagesDeepAndAMarkerInStateLTheVoteAndOneHop() {
        ScaleModel model = new ScaleModel(new ModelClock(1_000_000, 0, 1));
        ScaleModel.Result r = model.model(16, 40, 20, 9, 1);
        assertEquals(4, hops(r.fullNs()));
        assertEquals(8, hops(r.marker().voteNs()));
        assertEquals(8, hops(r.marker().clusteringNs()));
        assertEquals(1, hops(r.marker().leadsNs()));
        assertEquals(9, hops(r.marker().markerL()));
        assertEquals(17, hops(r.marker().markerC()));
        assertEquals(0, hops(r.marker().writerNs()), "the writer's merge is work, no message");
        assertTrue(r.marker().writerNs() > 0);
    }

    private static long hops(long nanos) {
        return Math.round(nanos / 1e9);
    }
}
