package org.mpjtrace.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.fixtures.EventBuilder;

class ThreadOrderTest {

    private static List<String> threadAndTag(long[] w) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < w.length / Event.WORDS; i++) out.add(Event.thread(w, RankTrace.base(i)) + "/" + Event.tag(w, RankTrace.base(i)));
        return out;
    }

    @Test
    void callsAreGroupedByThreadEachThreadsInItsOwnOrder() {
        long[] w = EventBuilder.words(
                new EventBuilder(Op.SEND, 0, 0).thread(1).tag(10),
                new EventBuilder(Op.SEND, 0, 0).thread(0).tag(1),
                new EventBuilder(Op.SEND, 0, 0).thread(2).tag(20),
                new EventBuilder(Op.SEND, 0, 0).thread(1).tag(11),
                new EventBuilder(Op.SEND, 0, 0).thread(0).tag(2));
        assertEquals(List.of("0/1", "0/2", "1/10", "1/11", "2/20"), threadAndTag(ThreadOrder.grouped(w, 5)));
    }

    @Test
    void callsAlreadyGroupedAreLeftAsTheyAre() {
        long[] w = EventBuilder.words(new EventBuilder(Op.SEND, 0, 0), new EventBuilder(Op.RECV, 0, 0).thread(3));
        assertSame(w, ThreadOrder.grouped(w, 2));
    }

    @Test
    void theThreadSharesTheOpsWordWithoutChangingTheOp() {
        long[] w = EventBuilder.words(new EventBuilder(Op.ALLREDUCE, 77, 0).thread(Event.MAX_THREAD + 5));
        assertEquals(Op.ALLREDUCE.code, Event.opCode(w, 0));
        assertEquals(77, Event.site(w, 0));
        assertEquals(Event.MAX_THREAD, Event.thread(w, 0), "threads past the last number share it");
    }
}
