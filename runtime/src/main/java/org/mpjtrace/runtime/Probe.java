package org.mpjtrace.runtime;

import java.lang.reflect.Method;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.mpjtrace.runtime.collective.Collectives;
import org.mpjtrace.runtime.collective.ProgressFile;
import org.mpjtrace.runtime.config.TracerLog;
import org.mpjtrace.runtime.mpj.MpjReflect;
import org.mpjtrace.runtime.rank.RankContext;
import org.mpjtrace.runtime.rank.ThreadRecorder;
import org.mpjtrace.runtime.rank.Tracer;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;

/**
 * What rewritten application code calls. Each MPJ call site becomes a call to a bridge method the agent
 * adds to the application class; the bridge reads {@link #now()}, makes the original MPJ call (so MPJ's
 * exceptions reach the application unchanged), then hands the call's arguments and result to
 * {@link #record}. MPJ types never appear here: in multicore mode they are not visible from the system
 * class loader that loads the tracer, so they travel as Object.
 *
 * <p>The tracer never breaks the traced program: every entry point catches everything of its own; an
 * internal error turns tracing off for that rank with one line on stderr.
 *
 * <p>The runtime's layers, each package using only those below it: {@code config} (agent options, the
 * tracer's voice), {@code mpj} (reflection on MPJ), {@code sink} (what a rank's records are folded into),
 * {@code recording} (rings, shadow stacks, request ids), {@code rank} (the tracer of the JVM, a rank's
 * context, its threads' recorders, the fold thread), {@code collective} (markers, clustering, merges, the
 * trace file); this package, on top, is what rewritten code calls.
 */
public final class Probe {
    private static final ThreadLocal<ThreadRecorder> RECORDER = ThreadLocal.withInitial(ThreadRecorder::forCurrentThread);
    /** The call sites (Class.method:line) already reported as calling MPJ through reflection. */
    private static final Set<String> REFLECTIVE_SITES = ConcurrentHashMap.newKeySet();
    /** A rank or thread could not be taken up (after an attach, or started before MPI.Init): said once per JVM. */
    private static final AtomicBoolean TAKE_UP_FAILED = new AtomicBoolean();

    private Probe() {}

    public static long now() {
        return System.nanoTime();
    }

    /**
     * One completed MPJ call. Unused arguments are null or {@link Event#NONE}. The hot path: no
     * allocation, no lock, no logging.
     */
    public static void record(int site, int op, Object comm, Object dt, int count, int peer, int tag,
                              Object dt2, int count2, int peer2, int tag2, Object redop, int color, int key,
                              Object reqs, Object result, int[] a1, int[] a2, int[] a3, int[] a4, long enter) {
        long exit = System.nanoTime();
        ThreadRecorder recorder = RECORDER.get();
        RankContext ctx = recorder.ctx;
        boolean first = false;
        if (ctx == null) {
            recorder = unboundRecorder(comm, site, enter);
            if (recorder == null) return;
            ctx = recorder.ctx;
            first = ctx.tracer.attached();
        }
        boolean recording = ctx.recording();
        if (!recording && ctx.finalizeSeen() && !ctx.tracer.attached()) {
            // The thread's session ended (MPI.Finalize); its rank may have begun another (MPI.Init again).
            ThreadRecorder later = unboundRecorder(comm, site, enter);
            if (later == null) return;
            recorder = later;
            ctx = later.ctx;
            recording = ctx.recording();
        }
        if (recording) {
            try {
                recorder.write(site, op, comm, dt, count, peer, tag, dt2, count2, peer2, tag2, redop, color, key,
                        reqs, result, a1, a2, a3, a4, enter, exit);
            } catch (Throwable t) {
                ctx.disable(t);
            }
        }
        if (first) ctx.setUpEnded(exit); // the set-up of an attached rank's thread is the tracer's time
        // Even with tracing off the rank keeps taking part in the markers' votes and merges: the others wait for it.
        if (recorder.watchesCalls()) watched(ctx, recorder, site, op, peer, peer2, recorder.isMarker(site, op, comm));
        else if (recorder.isMarker(site, op, comm)) marker(ctx, recorder, site);
    }

    /** Off the hot path's ring: marker auto watches the rank's first thread's calls for its own loop. */
    private static void watched(RankContext ctx, ThreadRecorder recorder, int site, int op, int peer, int peer2, boolean marker) {
        try {
            ctx.collectives().onWatchedCall(site, marker ? recorder.contextOf(site) : 0, op, peer, peer2, marker);
        } catch (Throwable t) {
            ctx.disable(t);
        }
    }

    /**
     * Off the hot path: a marker call returned (the clustering modes). Its calling context is worked out again
     * here, also on a rank that records nothing (a non-lead): every rank must count and compare the same markers.
     */
    private static void marker(RankContext ctx, ThreadRecorder recorder, int site) {
        try {
            ctx.collectives().onMarker(site, recorder.contextOf(site));
        } catch (Throwable t) {
            ctx.disable(t);
        }
    }

    /**
     * A thread with no rank calls MPJ on {@code comm}: its recorder, or null (the call names no communicator,
     * or no rank of {@code comm}'s COMM_WORLD is running). A thread the program started before MPI.Init
     * inherited no rank; its calls after MPI.Init go to the rank whose COMM_WORLD its call's communicator
     * belongs to (a class loader per rank in multicore), under the rank's next thread number; so does a
     * thread of a session that ended, calling in the rank's next one (MPI.Init again). Off the hot path: once
     * per thread, but for a thread that calls MPJ before MPI.Init or after MPI.Finalize.
     */
    private static ThreadRecorder unboundRecorder(Object comm, int site, long enter) {
        Tracer tracer = Tracer.get();
        if (tracer == null || comm == null) return null;
        if (tracer.attached()) return attachedRecorder(tracer, comm, site, enter);
        try {
            RankContext ctx = tracer.runningRank(MpjReflect.worldOf(comm));
            return ctx == null ? null : bind(ctx);
        } catch (Throwable t) {
            if (TAKE_UP_FAILED.compareAndSet(false, true))
                TracerLog.line("internal error taking up a thread started before MPI.Init (" + TracerLog.describe(t) + "); its calls are not traced, the program runs on");
            return null;
        }
    }

    /**
     * The tracer was attached to the running job ({@code mpjtrace attach}) and this thread, calling MPJ on
     * {@code comm}, has no rank yet: its rank (started now, at its first call since the attach, or found by
     * its COMM_WORLD when another of its threads started it) and this thread's recorder, or null when it
     * cannot be taken up. Off the hot path: once per thread.
     */
    private static ThreadRecorder attachedRecorder(Tracer tracer, Object comm, int site, long enter) {
        try {
            RankContext ctx = tracer.attachedRank(MpjReflect.worldOf(comm), site, enter, Collectives::attach);
            return bind(ctx);
        } catch (Throwable t) {
            if (TAKE_UP_FAILED.compareAndSet(false, true))
                TracerLog.line("internal error taking up a rank after the attach (" + TracerLog.describe(t) + "); its calls are not traced, the program runs on");
            return null;
        }
    }

    /** Makes the calling thread (and threads it starts later) record into {@code ctx}. */
    static ThreadRecorder bind(RankContext ctx) {
        ThreadRecorder recorder = ThreadRecorder.bindCurrentThread(ctx);
        RECORDER.set(recorder);
        return recorder;
    }

    /** MPI.Init returned: set up this rank (its private communicator is a collective clone). */
    public static void init(int site, Object world, long enter) {
        long exit = System.nanoTime();
        Tracer tracer = Tracer.get();
        if (tracer == null || world == null) return;
        RankContext ctx;
        try {
            ctx = RankContext.start(tracer, world, site, enter);
            Collectives.attach(ctx);
            ProgressFile.say(ctx, ctx.size + " ranks running" + (ctx.session > 1 ? ", session " + ctx.session : ""));
            if (ctx.session > 1 && ctx.rank == 0)
                TracerLog.line("MPI.Init again after MPI.Finalize: session " + ctx.session + " of this job is traced into " + ctx.output()
                        + "; the first session's trace is " + tracer.config().output);
        } catch (Throwable t) {
            TracerLog.line("internal error at MPI.Init (" + TracerLog.describe(t) + "); tracing is off for this rank, the program runs on");
            return;
        }
        ThreadRecorder recorder = bind(ctx);
        try {
            recorder.write(site, Op.INIT.code, world, null, Event.NONE, Event.NONE, Event.NONE, null, Event.NONE,
                    Event.NONE, Event.NONE, null, Event.NONE, Event.NONE, null, null, null, null, null, null, enter, exit);
            // Setting the rank up (a collective clone of COMM_WORLD among them) is the tracer's time: with
            // 64 ranks it took over a second, which the first call's compute time would otherwise hold.
            ctx.setUpEnded(exit);
        } catch (Throwable t) {
            ctx.disable(t);
        }
    }

    /** MPI.Finalize is about to run: record it, then collect the trace while MPJ still works. */
    public static void beforeFinalize(int site) {
        finalizing(RECORDER.get(), site, System.nanoTime());
    }

    /**
     * MPJ's own MPI.Finalize began: the hook an attached tracer puts into MPJ, since a Finalize called from
     * a method that was already running at the attach (the program's main, typically) reaches no rewritten
     * call site. Its call site is MPJ's: the caller's is unknown. A Finalize that came through a rewritten
     * call site was seen there already.
     */
    public static void finalizeInMpj(Object world) {
        long enter = System.nanoTime();
        try {
            Tracer tracer = Tracer.get();
            if (tracer == null) return;
            int site = tracer.sites().intern("mpi.MPI", "Finalize", -1, 0, "mpi.MPI.Finalize");
            ThreadRecorder recorder = RECORDER.get();
            if (recorder.ctx == null) recorder = unboundRecorder(world, site, enter);
            if (recorder != null) finalizing(recorder, site, enter);
        } catch (Throwable t) {
            // Nothing of ours may escape into MPJ.
        }
    }

    private static void finalizing(ThreadRecorder recorder, int site, long enter) {
        RankContext ctx = recorder.ctx;
        if (ctx == null || !ctx.firstFinalize()) return;
        if (ctx.tracing()) {
            try {
                recorder.write(site, Op.FINALIZE.code, null, null, Event.NONE, Event.NONE, Event.NONE, null,
                        Event.NONE, Event.NONE, Event.NONE, null, Event.NONE, Event.NONE, null, null, null, null,
                        null, null, enter, enter);
            } catch (Throwable t) {
                ctx.disable(t);
            }
        }
        ctx.collectives().onFinalize();
        // The session is over: a call after it goes to the rank's next session, if the program begins one.
        ctx.stopTracing();
    }

    /** {@code org.mpjtrace.api.Tracing.pause()} on a thread of a rank: the rank records no call until it resumes. */
    public static void pause() {
        try {
            RankContext ctx = RECORDER.get().ctx;
            if (ctx != null) ctx.pause();
        } catch (Throwable t) {
            // Nothing of ours may escape into the application.
        }
    }

    /** {@code org.mpjtrace.api.Tracing.resume()}: the rank records its calls again. */
    public static void resume() {
        try {
            RankContext ctx = RECORDER.get().ctx;
            if (ctx != null) ctx.resume();
        } catch (Throwable t) {
            // Nothing of ours may escape into the application.
        }
    }

    /** Whether the calling thread's rank is paused (by itself or by the JMX switch). */
    public static boolean paused() {
        try {
            RankContext ctx = RECORDER.get().ctx;
            return ctx != null && ctx.paused();
        } catch (Throwable t) {
            return false;
        }
    }

    /** Comm.Abort is about to end the job: record it (it never returns). */
    public static void beforeAbort(int site, Object comm, int errorCode) {
        long enter = System.nanoTime();
        ThreadRecorder recorder = RECORDER.get();
        if (recorder.ctx == null) recorder = unboundRecorder(comm, site, enter);
        RankContext ctx = recorder == null ? null : recorder.ctx;
        if (ctx == null || !ctx.tracing()) return;
        try {
            recorder.write(site, Op.ABORT.code, comm, null, Event.NONE, Event.NONE, errorCode, null, Event.NONE,
                    Event.NONE, Event.NONE, null, Event.NONE, Event.NONE, null, null, null, null, null, null, enter, enter);
        } catch (Throwable t) {
            ctx.disable(t);
        }
    }

    /**
     * A {@code Method.invoke} call is about to run at {@code where}. A call into MPJ that way bypasses the
     * rewritten call sites, so it is not recorded: say so, once per call site, rather than lose it silently.
     */
    public static void reflective(Method method, String where) {
        try {
            if (method != null && "mpi".equals(method.getDeclaringClass().getPackageName()) && REFLECTIVE_SITES.add(where))
                TracerLog.line(where + " calls " + method.getDeclaringClass().getName() + '.' + method.getName()
                        + " through reflection; calls made that way are not traced");
        } catch (Throwable t) {
            // Nothing of ours may escape into the application.
        }
    }
}
