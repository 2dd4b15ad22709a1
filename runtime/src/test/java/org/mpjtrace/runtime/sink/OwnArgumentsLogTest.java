package org.mpjtrace.runtime.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.fixtures.EventBuilder;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.OwnArguments;

class OwnArgumentsLogTest {

    private static long[] record(EventBuilder e) {
        return EventBuilder.words(e);
    }

    @Test
    void keepsConstructorAndVCollectiveArgumentsInCallOrderOneRunPerChange() {
        OwnArgumentsLog log = new OwnArgumentsLog();
        log.add(record(new EventBuilder(Op.SEND, 1, 0).peer(3).count(10)), 0);
        log.add(record(new EventBuilder(Op.SPLIT, 2, 0).color(1).key(3).result(1)), 0);
        for (int step = 0; step < 3; step++) log.add(record(new EventBuilder(Op.ALLGATHERV, 3, 0).count(4).count2(16).digest(0xabc)), 0);
        log.add(record(new EventBuilder(Op.ALLGATHERV, 3, 0).count(5).count2(16).digest(0xdef)), 0);
        log.add(record(new EventBuilder(Op.ALLREDUCE, 4, 0).count(1)), 0);
        log.add(record(new EventBuilder(Op.ALLGATHERV, 3, 0).count(5).count2(16).digest(0xdef)), 0);

        assertEquals(List.of(new OwnArguments(Op.SPLIT.code, -1, -1, -1, -1, 1, 3, 0, 1),
                new OwnArguments(Op.ALLGATHERV.code, -1, -1, 4, 16, -1, -1, 0xabc, 3),
                new OwnArguments(Op.ALLGATHERV.code, -1, -1, 5, 16, -1, -1, 0xdef, 2)), log.runs(),
                "Send and Allreduce keep nothing; a call between two equal ones does not break their run");
    }

    @Test
    void aRanksOwnArgumentsReplaceOnlyThoseFieldsOfItsLeadsCall() {
        long[] lead = record(new EventBuilder(Op.SPLIT, 7, 0).comm(0).color(0).key(0).result(2).redop(-1).stack(99).at(10, 20));
        long[] before = lead.clone();
        OwnArguments mine = OwnArguments.of(record(new EventBuilder(Op.SPLIT, 7, 0).color(2).key(1)), 0);
        assertFalse(mine.sameCall(lead, 0));
        mine.writeInto(lead, 0);
        assertTrue(mine.sameCall(lead, 0));
        assertEquals(2, Event.color(lead, 0));
        assertEquals(1, Event.key(lead, 0));
        // The symbolic result, the op, site, stack, communicator and times are the lead's still.
        for (int word : new int[] {Event.W_OP_SITE, Event.W_STACK, Event.W_COMM_DTYPE, Event.W_PEER_TAG, Event.W_ENTER, Event.W_EXIT})
            assertEquals(before[word], lead[word], "word " + word);
        assertEquals(2, Event.result(lead, 0));
        assertEquals(-1, Event.redop(lead, 0));
    }

    @Test
    void onlyConstructorsAndVCollectivesAreKept() {
        for (Op op : Op.values()) {
            boolean constructorWithArguments = op.family == Op.Family.COMMUNICATOR && op != Op.CLONE && op != Op.SHIFT && op != Op.FREE;
            boolean vCollective = op == Op.GATHERV || op == Op.SCATTERV || op == Op.ALLGATHERV || op == Op.ALLTOALLV || op == Op.REDUCE_SCATTER;
            assertEquals(constructorWithArguments || vCollective, OwnArguments.kept(op.code), op.mpjName);
        }
        assertFalse(OwnArguments.kept(-1));
        assertFalse(OwnArguments.kept(1000));
    }
}
