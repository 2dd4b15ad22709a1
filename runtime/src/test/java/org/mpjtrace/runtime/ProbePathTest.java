package org.mpjtrace.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.runtime.rank.RankContext;
import org.mpjtrace.runtime.sink.EventStore;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.fold.EventNode;

/** The whole path of a call inside one JVM: probe, ring, fold thread, rank trace. */
class ProbePathTest {
    private static final int N = Event.NONE;

    @Test
    void recordsEveryFieldAndFollowsRequests() {
        RankContext ctx = StandInMpj.bindRank(64, new EventStore());
        Object comm = new Object(), dt = new Object(), op = new Object(), req = new Object();
        long t0 = Probe.now();
        Probe.record(7, Op.ISEND.code, comm, dt, 100, 3, 9, null, N, N, N, null, N, N, null, req, null, null, null, null, t0);
        Probe.record(8, Op.ALLREDUCE.code, comm, dt, 1, N, N, null, N, N, N, op, N, N, null, null, null, null, null, null, t0);
        Probe.record(9, Op.WAITALL.code, null, null, N, N, N, null, N, N, N, null, N, N, new Object[] {req}, null, null, null, null, null, t0);
        Probe.record(10, Op.ALLTOALLV.code, comm, dt, N, N, N, dt, N, N, N, null, N, N, null, null,
                new int[] {1, 2, 3}, new int[] {0, 1, 3}, new int[] {3, 2, 1}, new int[] {0, 3, 5}, t0);
        ctx.drainRings();
        RankTrace t = ctx.toTrace(null);
        assertEquals(4, t.eventCount());
        long[] w = t.words();

        assertEquals(Op.ISEND.code, Event.opCode(w, 0));
        assertEquals(7, Event.site(w, 0));
        assertEquals(1, Event.comm(w, 0), "COMM_WORLD is communicator 0, the next one seen is 1");
        assertEquals(0, Event.datatype(w, 0));
        assertEquals(3, Event.peer(w, 0));
        assertEquals(9, Event.tag(w, 0));
        assertEquals(100, Event.count(w, 0));
        int isendRequest = Event.request(w, 0);
        assertTrue(isendRequest >= 0);
        assertTrue(Event.enter(w, 0) == t0 && Event.exit(w, 0) >= t0);

        int b = RankTrace.base(1);
        assertEquals(0, Event.redop(w, b));
        assertEquals(N, Event.peer(w, b));

        b = RankTrace.base(2);
        assertEquals(1, Event.count(w, b), "Waitall names one request");
        assertNotEquals(0, Event.digest(w, b));

        b = RankTrace.base(3);
        assertEquals(6, Event.count(w, b), "Alltoallv counts the sum of its send counts");
        assertNotEquals(0, Event.digest(w, b));
        assertEquals("", t.stats().disabledReason());
        assertEquals(2, t.comms().size());
    }

    @Test
    void arrayArgumentsAreKeptOncePerContentAndConstructorsKeepWhatAReplayNeeds() {
        RankContext ctx = StandInMpj.bindRank(64, new EventStore());
        Object comm = new Object(), dt = new Object(), local = new Object();
        int[] counts = {1, 2, 3}, displs = {0, 1, 3};
        long t0 = Probe.now();
        for (int i = 0; i < 3; i++)
            Probe.record(1, Op.GATHERV.code, comm, dt, 2, 0, N, dt, N, N, N, null, N, N, null, null, counts, displs, null, null, t0);
        counts[2] = 4; // the program reuses its array: new content, a new entry, and the first one kept as it was
        Probe.record(1, Op.GATHERV.code, comm, dt, 2, 0, N, dt, N, N, N, null, N, N, null, null, counts, displs, null, null, t0);
        // StandInMpj takes an int[] for Create's group (its members' ranks) and a byte[] for Pack's buffer.
        Probe.record(2, Op.CREATE.code, comm, null, N, N, N, null, N, N, N, null, N, N, new int[] {0, 2}, new Object(), null, null, null, null, t0);
        Probe.record(3, Op.SUB.code, comm, null, N, N, N, null, N, N, N, null, N, N, new boolean[] {false, true, true}, new Object(),
                null, null, null, null, t0);
        Probe.record(4, Op.CREATE_INTERCOMM.code, comm, null, N, 2, 91, null, N, N, N, null, N, 0, local, new Object(), null, null, null, null, t0);
        Probe.record(5, Op.PACK.code, comm, dt, 3, N, 20, null, N, N, N, null, N, N, new byte[48], null, null, null, null, null, t0);
        ctx.drainRings();
        RankTrace t = ctx.toTrace(null);
        long[] w = t.words();

        long first = CallArrays.digestOf(new int[] {1, 2, 3}, displs, null, null), second = CallArrays.digestOf(counts, displs, null, null);
        for (int i = 0; i < 3; i++) assertEquals(first, Event.digest(w, RankTrace.base(i)));
        assertEquals(second, Event.digest(w, RankTrace.base(3)));
        long group = CallArrays.digestOf(new int[] {0, 2}, null, null, null);
        assertEquals(group, Event.digest(w, RankTrace.base(4)));
        assertEquals(List.of(first, second, group), t.arrays().stream().map(CallArrays::digest).toList(), "one entry per content, in order");
        assertArrayEquals(new int[] {1, 2, 3}, t.arrays().get(0).a1(), "the arrays as they were at the call");
        assertArrayEquals(new int[] {1, 2, 4}, t.arrays().get(1).a1());
        assertArrayEquals(displs, t.arrays().get(1).a2());
        assertArrayEquals(new int[] {0, 2}, t.arrays().get(2).a1());
        for (CallArrays a : t.arrays()) assertTrue(a.consistent());

        assertEquals(0b110, Event.color(w, RankTrace.base(5)), "Sub's remain_dims, bit i for dimension i");
        int b = RankTrace.base(6);
        assertEquals(ctx.comms.idOf(local), Event.color(w, b), "Create_intercomm's local communicator");
        assertEquals(0, Event.key(w, b), "its local leader");
        assertEquals(2, Event.peer(w, b));
        b = RankTrace.base(7);
        assertEquals(48, Event.count2(w, b), "Pack: the buffer's capacity");
        assertEquals(20, Event.tag(w, b), "Pack: the position");
    }

    @Test
    void theTracersOwnWorkOnARankIsNotTheNextCallsCompute() throws InterruptedException {
        RankContext ctx = StandInMpj.bindRank("ringSize=64,mode=full", new EventStore());
        Object comm = new Object(), dt = new Object();
        Probe.record(1, Op.SEND.code, comm, dt, 1, 1, 0, null, N, N, N, null, N, N, null, null, null, null, null, null, Probe.now());
        Thread.sleep(30); // the tracer at work on the rank's thread: its set-up after MPI.Init, a marker
        long workEnded = Probe.now();
        ctx.resumeProgram();
        long enter = Probe.now();
        Probe.record(2, Op.BARRIER.code, comm, null, N, N, N, null, N, N, N, null, N, N, null, null, null, null, null, null, enter);
        ctx.drainRings();
        EventNode second = (EventNode) ctx.loops.nodes().get(1);
        assertEquals(Op.BARRIER.code, second.op());
        assertTrue(second.compute().max() <= enter - workEnded,
                "compute " + second.compute().max() + " ns counts from the end of the tracer's work, not from the first call (30 ms before)");
    }

    @Test
    void aWildcardReceiveRecordsTheMessageItMatched() {
        RankContext ctx = StandInMpj.bindRank(64, new EventStore());
        Object comm = new Object(), dt = new Object(), status = new Object();
        // The stand-in's Status says source 2, tag 5. ANY_SOURCE is -2 in MPJ.
        Probe.record(1, Op.RECV.code, comm, dt, 4, -2, 7, null, N, N, N, null, N, N, null, status, null, null, null, null, 0);
        Probe.record(2, Op.PROBE.code, comm, null, N, -2, 7, null, N, N, N, null, N, N, null, status, null, null, null, null, 0);
        Probe.record(3, Op.RECV.code, comm, dt, 4, 1, 7, null, N, N, N, null, N, N, null, status, null, null, null, null, 0);
        Probe.record(4, Op.IPROBE.code, comm, null, N, -2, 7, null, N, N, N, null, N, N, null, null, null, null, null, null, 0);
        ctx.drainRings();
        long[] w = ctx.toTrace(null).words();
        for (int i = 0; i < 2; i++) {
            assertEquals(-2, Event.peer(w, RankTrace.base(i)), "the peer as passed");
            assertEquals(2, Event.peer2(w, RankTrace.base(i)), "the source it matched");
            assertEquals(5, Event.tag2(w, RankTrace.base(i)));
        }
        assertEquals(N, Event.peer2(w, RankTrace.base(2)), "a receive from a named source records nothing more");
        assertEquals(N, Event.peer2(w, RankTrace.base(3)), "an Iprobe that found nothing has nothing to record");
    }

    @Test
    void aFullRingMakesTheProducerWaitAndNothingIsLost() {
        RankContext ctx = StandInMpj.bindRank(64, new EventStore());
        Object comm = new Object();
        for (int i = 0; i < 100_000; i++)
            Probe.record(1, Op.SEND.code, comm, null, i, 1, 0, null, N, N, N, null, N, N, null, null, null, null, null, null, 0);
        ctx.drainRings();
        RankTrace t = ctx.toTrace(null);
        assertEquals(100_000, t.eventCount());
        for (int i = 0; i < 100_000; i++) assertEquals(i, Event.count(t.words(), RankTrace.base(i)));
    }

    @Test
    void anInternalErrorTurnsTracingOffForThatRankOnly() {
        RankContext ctx = StandInMpj.bindRank(64, new EventStore());
        // An op code outside the recorder's tables makes it fail, as a bug of ours would.
        Probe.record(1, 200, null, null, N, N, N, null, N, N, N, null, N, N, null, null, null, null, null, null, 0);
        assertFalse(ctx.tracing());
        Probe.record(1, Op.SEND.code, new Object(), null, 5, 1, 0, null, N, N, N, null, N, N, null, null, null, null, null, null, 0);
        ctx.drainRings();
        RankTrace t = ctx.toTrace(null);
        assertTrue(t.stats().disabledReason().startsWith("internal error"), t.stats().disabledReason());
        assertEquals(1, t.stats().internalErrors());
        for (int i = 0; i < t.eventCount(); i++) assertNotEquals(Op.SEND.code, Event.opCode(t.words(), RankTrace.base(i)));
    }

    /**
     * At markers a rank folds its own rings while the fold thread may be draining them too: with a
     * 64-record ring (the producer often finds it full and wakes the fold thread) no record is lost,
     * none is taken twice, and the order holds.
     */
    @Test
    void aRankFoldingItsOwnRingsBesideTheFoldThreadLosesNothingAndKeepsOrder() throws Exception {
        RankContext ctx = StandInMpj.bindRank("ringSize=64,stackDepth=0", new EventStore());
        int total = 200_000;
        Object comm = new Object(), dt = new Object();
        Thread producer = new Thread(() -> { // inherits the rank, as threads an MPJ program starts do
            for (int n = 0; n < total; n++)
                Probe.record(1, Op.SEND.code, comm, dt, n, 1, 0, null, N, N, N, null, N, N, null, null, null, null, null, null, Probe.now());
        });
        producer.start();
        while (producer.isAlive()) ctx.drainRings();
        producer.join();
        ctx.drainRings();
        RankTrace t = ctx.toTrace(null);
        assertEquals(total, t.eventCount());
        for (int n = 0; n < total; n++) assertEquals(n, Event.count(t.words(), RankTrace.base(n)), "record " + n);
    }
}
