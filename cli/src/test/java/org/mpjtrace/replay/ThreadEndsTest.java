package org.mpjtrace.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

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
import org.mpjtrace.trace.fold.Histogram;

/** A replay thread whose time between two calls held another thread's end waits for that end, then computes the rest. */
class ThreadEndsTest {
    private static final long ORIGIN = 1_000_000_000L;

    /**
     * Thread 0: Init, Send, then a Barrier at {@code barrierAt} (ns from the origin); thread 1: two Sendrecv, the
     * second returning at {@code helperEnd}.
     */
    private static ThreadEnds ends(long helperEnd, long barrierAt) {
        EventBuilder[] events = {
                new EventBuilder(Op.INIT, 0, ORIGIN).comm(0).at(0, 1_000),
                new EventBuilder(Op.SEND, 1, ORIGIN).comm(0).at(4_000, 5_000),
                new EventBuilder(Op.SENDRECV, 2, ORIGIN).thread(1).comm(0).at(6_000, 9_000),
                new EventBuilder(Op.SENDRECV, 2, ORIGIN).thread(1).comm(0).at(10_000, helperEnd),
                new EventBuilder(Op.BARRIER, 3, ORIGIN).comm(0).at(barrierAt, barrierAt + 1_000)};
        RankTrace rank = new RankTrace(0, "h", ORIGIN, events.length, EventBuilder.words(events), List.of(), List.of(), List.of(),
                new RankStats(0, 0, 0, "", TraceMemory.NONE, 0));
        TraceFile dump = new TraceFile(new JobMeta("dump", "multicore", 1, 0, 1, "Ends", Map.of(), "0.1.0"), List.of(), List.of(rank));
        return ThreadEnds.of(new RankScript(dump, 0));
    }

    /** What a thread's computation was told, in order. */
    private static final class Told implements Computation {
        final List<String> said = new CopyOnWriteArrayList<>();

        @Override
        public void compute(Histogram h) {
            said.add("histogram");
        }

        @Override
        public void compute(long nanos) {
            said.add("compute " + nanos);
        }

        @Override
        public void called(long nanos) {
            said.add("called " + nanos);
        }
    }

    @Test
    void theCallAfterAJoinWaitsForTheOtherThreadsEndAndComputesOnlyWhatWasLeftAfterIt() throws InterruptedException {
        ThreadEnds ends = ends(50_000, 1_000_000);
        assertNotNull(ends);
        assertEquals(1, ends.waits());
        Told told = new Told();
        Computation main = ThreadEnds.of(ends, 0, told);
        main.called(1_000); // Init
        main.compute(3_000);
        main.called(1_000); // Send
        Thread barrier = new Thread(() -> main.compute(995_000));
        barrier.start();
        while (barrier.isAlive() && barrier.getState() != Thread.State.WAITING) Thread.onSpinWait();
        assertEquals(Thread.State.WAITING, barrier.getState(), "the Barrier's computation waits for thread 1's end");
        assertEquals(List.of("called 1000", "compute 3000", "called 1000"), told.said);
        ThreadEnds.ended(ends, 1);
        barrier.join(60_000);
        assertFalse(barrier.isAlive());
        // From thread 1's end (50 us) to the Barrier (1 ms): the clock restarts at the end, then computes the rest.
        assertEquals(List.of("called 1000", "compute 3000", "called 1000", "called 0", "compute 950000"), told.said);
    }

    @Test
    void noCallWaitsWhereTheOtherThreadEndedAfterIt() {
        assertNull(ends(2_000_000, 1_000_000), "thread 1 returned after the Barrier started");
    }

    @Test
    void theOtherThreadsCallsComputeAsTheyWere() {
        ThreadEnds ends = ends(50_000, 1_000_000);
        Told told = new Told();
        Computation helper = ThreadEnds.of(ends, 1, told);
        helper.called(3_000);
        helper.compute(1_000);
        helper.called(40_000);
        assertEquals(List.of("called 3000", "compute 1000", "called 40000"), told.said);
    }
}
