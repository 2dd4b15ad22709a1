package org.mpjtrace.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.TraceMemory;
import org.mpjtrace.trace.fixtures.EventBuilder;

/** How a rank's replay threads take their turns on a communicator they share, from a dump's times. */
class TurnOrderTest {
    private static final long ORIGIN = 1_000_000_000L;
    private static final int SHARED = 1;

    /** Thread 0 made the communicator; threads 1 and 2 then each made one Allreduce on it, at these times. */
    private static TurnOrder turns(long[] first, long[] second) {
        EventBuilder[] events = {
                new EventBuilder(Op.INIT, 0, ORIGIN).comm(0).at(0, 1_000),
                new EventBuilder(Op.CLONE, 1, ORIGIN).comm(0).result(SHARED).at(2_000, 3_000),
                new EventBuilder(Op.ALLREDUCE, 2, ORIGIN).thread(1).comm(SHARED).at(first[0], first[1]),
                new EventBuilder(Op.ALLREDUCE, 3, ORIGIN).thread(2).comm(SHARED).at(second[0], second[1])};
        RankTrace rank = new RankTrace(0, "h", ORIGIN, events.length, EventBuilder.words(events), List.of(), List.of(), List.of(),
                new RankStats(0, 0, 0, "", TraceMemory.NONE, 0));
        TraceFile dump = new TraceFile(new JobMeta("dump", "multicore", 1, 0, 1, "Turns", Map.of(), "0.1.0"), List.of(), List.of(rank));
        return TurnOrder.of(new RankScript(dump, 0));
    }

    /** Runs thread 2's call on a thread of its own; returns it once it waits for its turn or has made its call. */
    private static Thread secondThreadsCall(TurnOrder order, List<String> calls) {
        TurnOrder.Cursor cursor = TurnOrder.cursor(order, 2);
        Thread t = new Thread(() -> {
            cursor.before();
            calls.add("thread 2");
            cursor.after();
        });
        t.start();
        while (t.isAlive() && t.getState() != Thread.State.WAITING) Thread.onSpinWait();
        return t;
    }

    @Test
    void aCallWaitsForTheOtherThreadsCallThatHadReturnedBeforeItStarted() throws InterruptedException {
        TurnOrder order = turns(new long[] {10_000, 20_000}, new long[] {25_000, 30_000});
        assertNotNull(order);
        assertEquals(1, order.kept());
        TurnOrder.Cursor first = TurnOrder.cursor(order, 1), second = TurnOrder.cursor(order, 2);
        assertFalse(second.ready(), "thread 1's call has not started");
        first.before();
        assertFalse(second.ready(), "thread 1's call has started, not returned");
        List<String> calls = new CopyOnWriteArrayList<>();
        Thread waiting = secondThreadsCall(order, calls);
        calls.add("thread 1");
        first.after();
        waiting.join(60_000);
        assertFalse(waiting.isAlive(), "thread 2 went on once thread 1's call returned");
        assertEquals(List.of("thread 1", "thread 2"), calls);
    }

    /** Thread 2 started while thread 1 was in its call (a receive its send answers, say): it waits for the start only. */
    @Test
    void aCallThatStartedWhileTheOtherWasInItsCallWaitsOnlyForThatCallToStart() throws InterruptedException {
        TurnOrder order = turns(new long[] {10_000, 40_000}, new long[] {25_000, 30_000});
        List<String> calls = new CopyOnWriteArrayList<>();
        TurnOrder.Cursor first = TurnOrder.cursor(order, 1);
        first.before();
        calls.add("thread 1 in its call");
        assertTrue(TurnOrder.cursor(order, 2).ready(), "thread 1's call has started");
        Thread second = secondThreadsCall(order, calls);
        second.join(60_000);
        assertFalse(second.isAlive(), "thread 2 made its call while thread 1 was in its own");
        first.after();
        assertEquals(List.of("thread 1 in its call", "thread 2"), calls);
    }

    @Test
    void callsOnCommunicatorsOfTheirOwnTakeNoTurns() {
        EventBuilder[] events = {
                new EventBuilder(Op.INIT, 0, ORIGIN).comm(0).at(0, 1_000),
                new EventBuilder(Op.ALLREDUCE, 2, ORIGIN).thread(1).comm(1).at(10_000, 20_000),
                new EventBuilder(Op.ALLREDUCE, 3, ORIGIN).thread(2).comm(2).at(25_000, 30_000)};
        RankTrace rank = new RankTrace(0, "h", ORIGIN, events.length, EventBuilder.words(events), List.of(), List.of(), List.of(),
                new RankStats(0, 0, 0, "", TraceMemory.NONE, 0));
        TraceFile dump = new TraceFile(new JobMeta("dump", "multicore", 1, 0, 1, "Own", Map.of(), "0.1.0"), List.of(), List.of(rank));
        assertNull(TurnOrder.of(new RankScript(dump, 0)));
    }
}
