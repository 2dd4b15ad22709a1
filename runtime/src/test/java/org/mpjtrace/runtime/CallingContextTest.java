package org.mpjtrace.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mpjtrace.runtime.config.TracerConfig;
import org.mpjtrace.runtime.rank.RankContext;
import org.mpjtrace.runtime.rank.SiteRegistry;
import org.mpjtrace.runtime.rank.Tracer;
import org.mpjtrace.runtime.recording.ShadowStack;
import org.mpjtrace.runtime.sink.EventStore;
import org.mpjtrace.signatures.StackSignature;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;

/** Context.push/pop as rewritten code calls them, and the stack signatures and call paths the probe makes of them. */
class CallingContextTest {
    private static final int N = Event.NONE;

    /** The sites of a small program: exchange's Send, reached from main directly and through step. */
    private int send, mainToExchange, stepToExchange, mainToStep;

    @BeforeEach
    void emptyStack() {
        ShadowStack.ofCurrentThread().pop(0); // the test thread's stack outlives each test
    }

    private RankContext rank(String options) {
        RankContext ctx = StandInMpj.bindRank(options, new EventStore());
        SiteRegistry sites = ctx.tracer.sites();
        send = sites.intern("a.App", "exchange", 40, 0, "mpi.Comm.Send");
        mainToExchange = sites.intern("a.App", "main", 20, 0, "a.App.exchange");
        stepToExchange = sites.intern("a.App", "step", 30, 0, "a.App.exchange");
        mainToStep = sites.intern("a.App", "main", 25, 1, "a.App.step");
        return ctx;
    }

    private void recordSend() {
        Probe.record(send, Op.SEND.code, null, null, 1, 1, 0, null, N, N, N, null, N, N, null, null, null, null, null, null, 0);
    }

    private static long signature(RankContext ctx, int site) {
        return ctx.tracer.sites().signature(site);
    }

    private static RankTrace trace(RankContext ctx) {
        ctx.drainRings();
        return ctx.toTrace(null);
    }

    @Test
    void theSameSiteThroughTwoCallersGivesTwoSignatures() {
        RankContext ctx = rank("ringSize=64,stackDepth=3");
        int d = Context.push(mainToExchange);
        recordSend();
        Context.pop(d);
        int outer = Context.push(mainToStep);
        int inner = Context.push(stepToExchange);
        recordSend();
        Context.pop(inner);
        Context.pop(outer);
        recordSend();
        assertEquals(0, Context.depth());

        long[] w = trace(ctx).words();
        long own = signature(ctx, send);
        long viaMain = StackSignature.withCaller(own, signature(ctx, mainToExchange));
        long viaStep = StackSignature.withCaller(StackSignature.withCaller(own, signature(ctx, stepToExchange)), signature(ctx, mainToStep));
        assertEquals(viaMain, Event.stack(w, RankTrace.base(0)));
        assertEquals(viaStep, Event.stack(w, RankTrace.base(1)));
        assertEquals(own, Event.stack(w, RankTrace.base(2)), "no caller: the site's own signature");
        assertNotEquals(viaMain, viaStep);
        assertEquals(List.of(new CallPath(viaMain, send, new int[] {mainToExchange}),
                new CallPath(viaStep, send, new int[] {stepToExchange, mainToStep}),
                new CallPath(own, send, new int[0])), ctx.tracer.paths().snapshot());
    }

    @Test
    void onlyTheNearestStackDepthCallersCount() {
        RankContext ctx = rank("ringSize=64,stackDepth=2");
        Context.push(mainToStep);
        Context.push(stepToExchange);
        Context.push(mainToExchange);
        recordSend();
        Context.pop(0);
        long expected = StackSignature.withCaller(StackSignature.withCaller(signature(ctx, send), signature(ctx, mainToExchange)),
                signature(ctx, stepToExchange));
        assertEquals(expected, Event.stack(trace(ctx).words(), 0));
        assertEquals(List.of(new CallPath(expected, send, new int[] {mainToExchange, stepToExchange})), ctx.tracer.paths().snapshot());
    }

    @Test
    void depthZeroIsTheSiteAloneAndRegistersNothing() {
        RankContext ctx = rank("ringSize=64,stackDepth=0");
        int d = Context.push(mainToExchange);
        recordSend();
        Context.pop(d);
        assertEquals(signature(ctx, send), Event.stack(trace(ctx).words(), 0));
        assertEquals(List.of(), ctx.tracer.paths().snapshot());
    }

    @Test
    void eachContextIsRegisteredOncePerJvm() throws Exception {
        RankContext ctx = rank("ringSize=64,stackDepth=3");
        Runnable calls = () -> {
            for (int i = 0; i < 1000; i++) {
                int d = Context.push(mainToExchange);
                recordSend();
                Context.pop(d);
            }
        };
        calls.run();
        Thread other = new Thread(calls); // inherits the rank, has a stack of its own
        other.start();
        other.join();
        RankTrace t = trace(ctx);
        assertEquals(2000, t.eventCount());
        assertEquals(1, ctx.tracer.paths().snapshot().size());
        assertEquals(Event.stack(t.words(), 0), Event.stack(t.words(), RankTrace.base(1999)), "the other thread agrees");
    }

    @Test
    void callsMadeBeforeInitStayInTheContext() throws Exception {
        long[] seen = new long[2];
        Thread t = new Thread(() -> {
            // The rank's thread enters a wrapped call (run from main, say) before MPI.Init binds it.
            Tracer tracer = Tracer.start(TracerConfig.parse("ringSize=64"));
            int site = tracer.sites().intern("a.App", "run", 9, 0, "mpi.Comm.Send");
            int caller = tracer.sites().intern("a.App", "main", 3, 0, "a.App.run");
            int d = Context.push(caller);
            RankContext ctx = new RankContext(tracer, new StandInMpj(), new Object(), 0, 1, new Object(), -1, System.nanoTime(), new EventStore());
            Probe.bind(ctx);
            Probe.record(site, Op.SEND.code, null, null, 1, 1, 0, null, N, N, N, null, N, N, null, null, null, null, null, null, 0);
            Context.pop(d);
            ctx.drainRings();
            seen[0] = Event.stack(ctx.toTrace(null).words(), 0);
            seen[1] = StackSignature.withCaller(tracer.sites().signature(site), tracer.sites().signature(caller));
        });
        t.start();
        t.join();
        assertEquals(seen[1], seen[0]);
    }

    @Test
    void callersTooDeepToRecordAreMarkedNotInvented() {
        RankContext ctx = rank("ringSize=64,stackDepth=3");
        for (int i = 0; i < ShadowStack.CAPACITY + 2; i++) Context.push(mainToExchange);
        recordSend();
        Context.pop(0);
        long expected = signature(ctx, send);
        expected = StackSignature.withCaller(expected, StackSignature.UNRECORDED_CALLER);
        expected = StackSignature.withCaller(expected, StackSignature.UNRECORDED_CALLER);
        expected = StackSignature.withCaller(expected, signature(ctx, mainToExchange));
        assertEquals(expected, Event.stack(trace(ctx).words(), 0));
        assertEquals(List.of(new CallPath(expected, send, new int[] {CallPath.UNRECORDED, CallPath.UNRECORDED, mainToExchange})),
                ctx.tracer.paths().snapshot());
    }
}
