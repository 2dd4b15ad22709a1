package org.mpjtrace.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.runtime.StandInMpj.Request;
import org.mpjtrace.runtime.rank.RankContext;
import org.mpjtrace.runtime.sink.EventStore;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.fold.LoopNode;
import org.mpjtrace.trace.fold.TraceNode;

/** Calls on request arrays, through the probe path: each entry named by its symbolic id, nulls by markers no id can take. */
class RequestArraysTest {
    private static final int N = Event.NONE;
    private static final Object COMM = new Object(), DT = new Object();

    private static void made(int site, int op, Object request) {
        Probe.record(site, op, COMM, DT, 2, 1, 0, null, N, N, N, null, N, N, null, request, null, null, null, null, Probe.now());
    }

    private static void onArray(int site, int op, Object[] requests) {
        Probe.record(site, op, null, null, N, N, N, null, N, N, N, null, N, N, requests, null, null, null, null, null, Probe.now());
    }

    private static void onOne(int site, int op, Object request, Object result) {
        Probe.record(site, op, null, null, N, N, N, null, N, N, N, null, N, N, request, result, null, null, null, null, Probe.now());
    }

    private static int[] ids(RankTrace t, int event) {
        long digest = Event.digest(t.words(), RankTrace.base(event));
        for (CallArrays a : t.arrays()) if (a.digest() == digest) return a.a1();
        throw new AssertionError("no arrays under the digest of event " + event);
    }

    @Test
    void anArrayNamesEachRequestByIdInArrayOrderAndItsNullsByMarkers() {
        RankContext ctx = StandInMpj.bindRank(64, new EventStore());
        Request a = new Request(), b = new Request(), c = new Request();
        made(1, Op.IRECV.code, a);
        made(2, Op.IRECV.code, b);
        made(3, Op.ISEND.code, c);
        a.done = b.done = c.done = true; // Waitall completed them
        onArray(4, Op.WAITALL.code, new Object[] {c, StandInMpj.DONE, a, null, b});
        onArray(5, Op.TESTALL.code, new Object[] {a, b}); // both completed before: MPJ skips them
        onOne(6, Op.WAIT.code, StandInMpj.DONE, new Object());
        ctx.drainRings();
        RankTrace t = ctx.toTrace(null);
        long[] w = t.words();
        int ia = Event.request(w, 0), ib = Event.request(w, RankTrace.base(1)), ic = Event.request(w, RankTrace.base(2));
        assertTrue(ia >= 0 && ib >= 0 && ic >= 0);
        assertArrayEquals(new int[] {ic, Event.REQUEST_NULL, ia, Event.REQUEST_ABSENT, ib}, ids(t, 3));
        assertEquals(5, Event.count(w, RankTrace.base(3)));
        assertEquals(CallArrays.digestOfIds(ids(t, 3), 5), Event.digest(w, RankTrace.base(3)));
        assertArrayEquals(new int[] {Event.REQUEST_NULL, Event.REQUEST_NULL}, ids(t, 4), "completed requests are null to MPJ, and no longer named");
        assertEquals(Event.REQUEST_NULL, Event.request(w, RankTrace.base(5)), "Wait on MPI.REQUEST_NULL");
        assertTrue(Event.REQUEST_NULL != N && Event.REQUEST_ABSENT != N && Event.REQUEST_NULL < 0 && Event.REQUEST_ABSENT < 0,
                "no real id, nor the id of a request the recorder could not name");
        for (CallArrays x : t.arrays()) assertTrue(x.consistent());
    }

    /**
     * Every step: two receives, Waitany (completes the first), Testsome over the same array (the second),
     * Testall over both (completed: nulls). Waitany and Testsome give back what they completed, so every
     * step names the same ids and the steps fold into one loop.
     */
    @Test
    void aLoopOfWaitanyAndTestsomeOverPartlyCompletedArraysFolds() {
        RankContext ctx = StandInMpj.bindRank("ringSize=64,mode=full", new EventStore());
        for (int step = 0; step < 50; step++) {
            Request a = new Request(), b = new Request();
            made(1, Op.IRECV.code, a);
            made(2, Op.IRECV.code, b);
            Object[] both = {a, b};
            a.done = true;
            onArray(3, Op.WAITANY.code, both);
            b.done = true;
            onArray(4, Op.TESTSOME.code, both);
            onArray(5, Op.TESTALL.code, both);
        }
        ctx.drainRings();
        List<TraceNode> nodes = ctx.loops.nodes();
        assertEquals(1, nodes.size(), "one loop: " + nodes);
        LoopNode loop = (LoopNode) nodes.get(0);
        assertEquals("50", loop.counts().toString());
    }
}
