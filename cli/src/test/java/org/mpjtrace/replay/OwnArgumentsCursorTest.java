package org.mpjtrace.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.fixtures.EventBuilder;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.OwnArguments;

class OwnArgumentsCursorTest {

    private static long[] leads(Op op) {
        return EventBuilder.words(new EventBuilder(op, 1, 0).color(0).key(0).count(8).digest(0x1ead));
    }

    @Test
    void eachKeptCallTakesTheRanksNextRunAndAMismatchKeepsTheLeadsArguments() {
        OwnArgumentsCursor cursor = new OwnArgumentsCursor(List.of(new OwnArguments(Op.SPLIT.code, -1, -1, -1, -1, 3, 2, 0, 1),
                new OwnArguments(Op.ALLGATHERV.code, -1, -1, 5, -1, -1, -1, 0xa, 2)));

        long[] send = leads(Op.SEND);
        long[] untouched = send.clone();
        cursor.apply(send, 0);
        assertEquals(List.of(untouched[Event.W_COUNT_REQUEST], untouched[Event.W_DIGEST]),
                List.of(send[Event.W_COUNT_REQUEST], send[Event.W_DIGEST]), "a Send keeps nothing of its own");

        long[] split = leads(Op.SPLIT);
        cursor.apply(split, 0);
        assertEquals(List.of(3, 2), List.of(Event.color(split, 0), Event.key(split, 0)), "the rank's own colour and key");

        long[] gatherv = leads(Op.GATHERV);
        cursor.apply(gatherv, 0);
        assertEquals(0x1ead, Event.digest(gatherv, 0), "not the op of the next run: the lead's arrays, and the run waits");

        for (int i = 0; i < 2; i++) {
            long[] allgatherv = leads(Op.ALLGATHERV);
            cursor.apply(allgatherv, 0);
            assertEquals(List.of(5L, 0xaL), List.of((long) Event.count(allgatherv, 0), Event.digest(allgatherv, 0)), "run call " + i);
        }
        long[] third = leads(Op.ALLGATHERV);
        cursor.apply(third, 0);
        assertEquals(8, Event.count(third, 0), "runs used up: the lead's count");
    }

    @Test
    void createIntercommTakesTheRanksOwnRemoteLeaderAndTag() {
        OwnArgumentsCursor cursor = new OwnArgumentsCursor(List.of(new OwnArguments(Op.CREATE_INTERCOMM.code, 0, 91, -1, -1, 7, 0, 0, 1)));
        long[] lead = EventBuilder.words(new EventBuilder(Op.CREATE_INTERCOMM, 1, 0).peer(2).tag(91).color(7).key(0).result(8));
        cursor.apply(lead, 0);
        assertEquals(List.of(0, 91, 8), List.of(Event.peer(lead, 0), Event.tag(lead, 0), Event.result(lead, 0)),
                "the even half's remote leader is rank 0, not its lead's rank 2; the new communicator's id stays the lead's");
    }
}
