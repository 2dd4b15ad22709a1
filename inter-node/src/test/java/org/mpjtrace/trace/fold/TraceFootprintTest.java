package org.mpjtrace.trace.fold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;

/** The estimated heap size of a compressed trace follows what it stores, not how many calls it saw. */
class TraceFootprintTest {

    @Test
    void noNodesTakeNothing() {
        assertEquals(0, TraceFootprint.bytes(List.of()));
    }

    @Test
    void aLoopTakesTheSameWhateverItsCount() {
        long ten = TraceFootprint.bytes(RankCalls.haloInterval(3, 8, 10, 32, 500).folded());
        long tenThousand = TraceFootprint.bytes(RankCalls.haloInterval(3, 8, 10_000, 32, 500).folded());
        assertTrue(ten > 0);
        assertEquals(ten, tenThousand);
    }

    @Test
    void moreDistinctCallsTakeMore() {
        RankCalls few = new RankCalls(0, 500), many = new RankCalls(0, 500);
        for (int site = 1; site <= 3; site++) few.call(Op.BARRIER, site, Event.NONE, Event.NONE, Event.NONE, Event.NONE);
        for (int site = 1; site <= 6; site++) many.call(Op.BARRIER, site, Event.NONE, Event.NONE, Event.NONE, Event.NONE);
        assertTrue(TraceFootprint.bytes(many.folded()) > TraceFootprint.bytes(few.folded()));
    }

    @Test
    void valuesThatDoNotFoldTakeMoreAsTheyGrow() {
        assertTrue(TraceFootprint.bytes(noisyTags(1_000)) > TraceFootprint.bytes(noisyTags(10)));
    }

    /** A loop of one Send whose tag follows no pattern: the loop folds, its tag values cannot. */
    private static List<TraceNode> noisyTags(int calls) {
        RankCalls c = new RankCalls(0, 500);
        java.util.Random rnd = new java.util.Random(7);
        for (int i = 0; i < calls; i++) c.call(Op.SEND, 1, 1, rnd.nextInt(1_000), 8, Event.NONE);
        return c.folded();
    }
}
