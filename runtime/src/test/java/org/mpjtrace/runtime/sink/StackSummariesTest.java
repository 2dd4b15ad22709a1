package org.mpjtrace.runtime.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.fixtures.EventBuilder;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.ValueSeq;

class StackSummariesTest {

    private static StackSummary withoutValues(StackSummary x) {
        return new StackSummary(x.stack(), x.calls(), x.computeNanos(), x.peer(), x.peer2());
    }

    /** The values a sequence holds, in order. */
    private static List<Long> values(ValueSeq v) {
        List<Long> out = new ArrayList<>();
        ValueSeq.Cursor c = v.cursor();
        while (c.hasNext()) out.add(c.next());
        return out;
    }

    private static void add(StackSummaries s, EventBuilder e) {
        s.add(EventBuilder.words(e), 0, 0);
    }

    @Test
    void sumsTheComputeTimeBeforeEachStacksCalls() {
        StackSummaries s = new StackSummaries(0, 4);
        for (int step = 1; step <= 4; step++) {
            s.add(EventBuilder.words(new EventBuilder(Op.ALLREDUCE, 1, 0).stack(5)), 0, 1_000L * step);
            s.add(EventBuilder.words(new EventBuilder(Op.BCAST, 2, 0).stack(6)), 0, 7);
        }
        assertEquals(List.of(10_000L, 28L), s.summaries().stream().map(StackSummary::computeNanos).toList());
    }

    @Test
    void countsCallsPerStackAndKeepsAPeerOnlyWhileItNeverVaries() {
        StackSummaries s = new StackSummaries(0, 4);
        for (int task = 0; task < 3; task++) {
            add(s, new EventBuilder(Op.RECV, 1, 0).stack(7).peer(-2).peer2(task % 2 + 1)); // ANY_SOURCE, matched 1 or 2
            add(s, new EventBuilder(Op.SEND, 2, 0).stack(8).peer(0));
        }
        add(s, new EventBuilder(Op.BARRIER, 3, 0).stack(-9));
        assertEquals(List.of(new StackSummary(-9, 1, 0, Event.NONE, Event.NONE), new StackSummary(7, 3, 0, -2, StackSummary.VARIES),
                new StackSummary(8, 3, 0, 0, Event.NONE)), s.summaries().stream().map(StackSummariesTest::withoutValues).toList());
    }

    @Test
    void keepsEveryStackAcrossGrowth() {
        StackSummaries s = new StackSummaries(0, 4);
        for (int round = 1; round <= 3; round++)
            for (long stack = 0; stack < 1000; stack++) add(s, new EventBuilder(Op.SEND, 1, 0).stack(stack * 0x9E3779B97F4A7C15L).peer(round));
        List<StackSummary> all = s.summaries();
        assertEquals(1000, all.size());
        for (StackSummary x : all) assertEquals(List.of(3L, (long) StackSummary.VARIES), List.of(x.calls(), (long) x.peer()), Long.toHexString(x.stack()));
    }

    @Test
    void aRanksOwnPeersReplaceTheLeadsOnlyWhereTheyNeverVaried() {
        long[] w = EventBuilder.words(new EventBuilder(Op.SENDRECV, 1, 0).peer(4).tag(9).peer2(6).tag2(9));
        new StackSummary(0, 5, 0, 0, StackSummary.VARIES).writePeersInto(w, 0);
        assertEquals(List.of(0, 9, 6, 9), List.of(Event.peer(w, 0), Event.tag(w, 0), Event.peer2(w, 0), Event.tag2(w, 0)));
    }

    /**
     * Two threads of a rank at one stack, each with tags of its own, their records taken in by the fold thread
     * in turns: each thread keeps its own values in its own order under its own key (before, one summary held
     * both threads' values in the order they came, and each thread, expanded, got the other's tags).
     */
    @Test
    void twoThreadsAtOneStackKeepTheirOwnValuesApart() {
        StackSummaries s = new StackSummaries(2, 4);
        for (int step = 0; step < 30; step++) {
            add(s, new EventBuilder(Op.SENDRECV, 1, 0).thread(1).stack(3).peer(3).tag(step % 2 == 0 ? 0 : 2));
            if (step % 3 == 0) add(s, new EventBuilder(Op.SENDRECV, 1, 0).thread(2).stack(3).peer(3).tag(step % 2 == 0 ? 1 : 3));
        }
        for (int step = 10; step < 30; step++) add(s, new EventBuilder(Op.SENDRECV, 1, 0).thread(2).stack(3).peer(3).tag(step % 2 == 0 ? 1 : 3));
        List<StackSummary> all = s.summaries();
        assertEquals(2, all.size());
        for (int thread = 1; thread <= 2; thread++) {
            long key = StackSummary.key(3, thread);
            StackSummary x = all.stream().filter(y -> y.stack() == key).findFirst().orElseThrow();
            List<Long> tags = values(x.own().get(Field.TAG));
            assertEquals(30, tags.size(), "thread " + thread);
            for (int k = 0; k < tags.size(); k++) assertEquals(thread - 1 + 2 * (k % 2), tags.get(k), "thread " + thread + " call " + k);
        }
        assertEquals(3, StackSummary.key(3, 0), "the first thread's key is its stack, as in files before");
    }

    @Test
    void keepsEachStacksOwnPeersAndTagsInOrderRelativeToTheRank() {
        // Rank 2 of 4 sends right then left at one site, 50 times, with tag 7 then 8.
        StackSummaries s = new StackSummaries(2, 4);
        for (int step = 0; step < 50; step++) {
            add(s, new EventBuilder(Op.ISEND, 1, 0).stack(3).peer(3).tag(7));
            add(s, new EventBuilder(Op.ISEND, 1, 0).stack(3).peer(1).tag(8));
        }
        StackSummary x = s.summaries().get(0);
        assertEquals(StackSummary.VARIES, x.peer());
        List<Long> peers = values(x.own().get(Field.PEER)), tags = values(x.own().get(Field.TAG));
        assertEquals(100, peers.size());
        assertEquals(100, tags.size());
        for (int k = 0; k < 100; k++) {
            assertEquals(k % 2 == 0 ? 1L : -1L, peers.get(k), "call " + k + ": r+1, r-1, as the trace keeps point-to-point peers");
            assertEquals(k % 2 == 0 ? 7L : 8L, tags.get(k), "call " + k);
        }
        assertTrue(x.own().get(Field.PEER).storedElements() <= 8, "a regular pattern folds: " + x.own().get(Field.PEER).elements());
        assertEquals(1, x.own().get(Field.COUNT).storedElements(), "a count that never changed is one run");
    }

    @Test
    void keepsEachStacksOwnCommunicatorsInOrder() {
        // Rank 2 of 4 exchanges twice a step at one site, on communicator 2 and then 1 (its pair's order, PairedComms).
        StackSummaries s = new StackSummaries(2, 4);
        for (int step = 0; step < 20; step++) {
            add(s, new EventBuilder(Op.SENDRECV, 1, 0).stack(3).peer(3).comm(2));
            add(s, new EventBuilder(Op.SENDRECV, 1, 0).stack(3).peer(3).comm(1));
        }
        StackSummary x = s.summaries().get(0);
        List<Long> comms = values(x.own().get(Field.COMM));
        assertEquals(40, comms.size());
        for (int k = 0; k < 40; k++) assertEquals(k % 2 == 0 ? 2L : 1L, comms.get(k), "call " + k);
        assertEquals(1, x.own().get(Field.PEER).storedElements(), "the partner never changed: one run");
    }

    @Test
    void dropsAStacksOwnValuesOnceTheyDoNotFold() {
        StackSummaries s = new StackSummaries(0, 1 << 20);
        java.util.Random random = new java.util.Random(5);
        for (int i = 0; i < 1000; i++) add(s, new EventBuilder(Op.SEND, 1, 0).stack(3).peer(1 + random.nextInt(1000)).tag(4));
        StackSummary x = s.summaries().get(0);
        assertNull(x.own().get(Field.PEER), "irregular peers are not kept");
        assertEquals(1000, x.own().get(Field.TAG).size(), "the constant tag is");
    }

    @Test
    void valuesWhosePatternChangesKeepEveryValueInOrder() {
        // Period 4 for 100 calls, then period 3 for 50, then 7 once: blocks of 24 repeat, then stop repeating.
        StackSummaries s = new StackSummaries(0, 64);
        List<Long> expected = new ArrayList<>();
        for (int k = 0; k < 150; k++) {
            int peer = k < 100 ? 1 + k % 4 : 10 + k % 3;
            add(s, new EventBuilder(Op.SEND, 1, 0).stack(3).peer(peer));
            expected.add((long) peer);
        }
        add(s, new EventBuilder(Op.SEND, 1, 0).stack(3).peer(7));
        expected.add(7L);
        assertEquals(expected, values(s.summaries().get(0).own().get(Field.PEER)), "the peers, as offsets from rank 0 of 64, in order");
    }
}
