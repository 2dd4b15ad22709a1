package org.mpjtrace.runtime.rank;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.mpjtrace.runtime.config.OutputPath;
import org.mpjtrace.runtime.config.TracerConfig;
import org.mpjtrace.runtime.config.TracerLog;
import org.mpjtrace.runtime.mpj.MpjAccess;
import org.mpjtrace.runtime.mpj.MpjReflect;
import org.mpjtrace.runtime.recording.EventRing;
import org.mpjtrace.runtime.sink.CallTimesRecorder;
import org.mpjtrace.runtime.sink.ClusteringSink;
import org.mpjtrace.runtime.sink.EventStore;
import org.mpjtrace.runtime.sink.RankLoopFolder;
import org.mpjtrace.runtime.sink.RecordSink;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.CallTimes;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.MpjtraceVersion;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.RedOpInfo;
import org.mpjtrace.trace.TraceMemory;
import org.mpjtrace.trace.TracingMode;
import org.mpjtrace.trace.fold.FoldedInfos;
import org.mpjtrace.trace.fold.TraceFolding;
import org.mpjtrace.trace.fold.TraceFootprint;

/**
 * Everything the tracer keeps for one rank. In multicore mode the ranks are threads of one JVM sharing
 * the tracer's classes, so no per-rank state may live in statics: it lives here, reached from the
 * calling thread ({@link #CURRENT}, inherited by threads the rank starts).
 *
 * <p>A rank's threads are numbered as they are created, not as they first call MPJ: 0 for the thread
 * that called MPI.Init, then one number for each thread a thread of the rank starts after it, taken in
 * the starting thread as the new thread is made ({@link #CURRENT}'s childValue). Two helper threads that
 * race to their first call then have the same numbers on every rank and in every run, as the program
 * made them, so clustering, {@code compare} and replay pair a rank's threads with its lead's by what
 * they do. A thread that never calls MPJ leaves its number unused. A thread started before MPI.Init
 * inherited no rank: it is taken up at its first call ({@link Tracer#runningRank}) under the next number.
 *
 * <p>The rank's own work ends here: its symbol tables, its sink and its rings. What it does together with
 * the other ranks (markers, the end of the job) is the collective layer's, which {@code Probe.init}
 * attaches as {@link RankCollectives}, so this layer never names it.
 */
public final class RankContext {
    /** The calling thread's rank and number in it; a thread the rank starts gets the rank's next number. */
    static final InheritableThreadLocal<RankThread> CURRENT = new InheritableThreadLocal<>() {
        @Override
        protected RankThread childValue(RankThread parent) {
            return parent == null ? null : new RankThread(parent.rank(), parent.rank().nextThread());
        }
    };

    /** A thread of a rank: the rank's context and the thread's number there. */
    record RankThread(RankContext rank, int number) {}

    public final Tracer tracer;
    public final MpjAccess mpj;
    public final int rank;
    public final int size;
    /**
     * The tracer's own clone of COMM_WORLD: its messages can never match the application's. A rank the
     * tracer was attached to while it ran gets it at MPI.Finalize ({@link #joinPrivateComm}).
     */
    private volatile Object privateComm;
    public final long initNanos;
    final long initMillis;
    final int initSite;
    public final String host;
    /** Which MPI session of this JVM the rank is in: 1, then 2 after an MPI.Init that follows MPI.Finalize, ... */
    public final int session;
    public final SymbolTable<CommInfo> comms;
    public final SymbolTable<DatatypeInfo> datatypes;
    public final SymbolTable<RedOpInfo> redops;
    final CallArraysTable arrays = new CallArraysTable();
    /** Appended by the fold thread only. */
    final EventStore store;
    /** Mode full: the rank's loop-compressed trace; null in the other modes. */
    public final RankLoopFolder loops;
    /** timing=lossless or lossy (mode full and the clustering modes): every call's own times; else null. */
    private final CallTimesRecorder times;
    /** The spans the program paused this rank's tracing. */
    private final PauseSpans pauses = new PauseSpans();
    /** Clustering modes (chameleon, acurdion, reference): signatures and the partial trace; null in other modes. */
    public final ClusteringSink clustering;
    /** What the fold thread appends this rank's records to. */
    final RecordSink sink;
    /** This rank's COMM_WORLD (the barrier marker rule compares against it). */
    final Object world;
    final List<EventRing> rings = new CopyOnWriteArrayList<>();

    /**
     * The calls the rank's first thread has recorded so far (its ring's published records; paused calls are
     * not among them): at a marker on that thread, the marker call's index in the rank's trace is this less one.
     */
    public long firstThreadCalls() {
        return rings.isEmpty() ? 0 : rings.get(0).published();
    }
    /** Thread numbers given out so far (the next one). */
    private final AtomicInteger threads = new AtomicInteger();
    /** Held while records of this rank are handed to its sink: by the fold thread or by the rank itself. */
    private final Object foldLock = new Object();
    private final AtomicLong internalErrors = new AtomicLong();
    private final AtomicBoolean finalizeSeen = new AtomicBoolean();
    private volatile boolean tracing = true;
    private volatile String disabledReason = "";
    /** The tracer's set-up of this rank after MPI.Init returned ({@link #setUpEnded}). */
    private volatile long setupNanos;
    private volatile RankCollectives collectives = RankCollectives.NONE;
    /** The job's main class as the rank's thread showed it at MPI.Init ({@link MainClass}), or "" when unknown. */
    private volatile String mainClass = "";
    /** Whether every call of the rank's first thread goes to its collectives ({@link RankCollectives#onWatchedCall}); read and set on that thread only. */
    private boolean watchCalls;

    /**
     * The context of the rank whose MPI.Init just returned; clones COMM_WORLD (a collective).
     *
     * @param initEnter System.nanoTime() when the rank entered MPI.Init: the origin of its event times
     */
    public static RankContext start(Tracer tracer, Object world, int initSite, long initEnter) throws ReflectiveOperationException {
        MpjReflect mpj = new MpjReflect(world);
        RankContext ctx = new RankContext(tracer, mpj, world, mpj.rank(world), mpj.size(world), mpj.cloneComm(world), initSite,
                initEnter, new EventStore());
        ctx.mainClass = MainClass.ofCallingThread();
        return ctx;
    }

    /**
     * The context of a rank the tracer was attached to while it ran ({@code mpjtrace attach}), at its
     * first call since: {@code firstEnter} is that call's start, the origin of the rank's event times. No
     * collective here (the other ranks may be anywhere in their program): the private communicator
     * waits for MPI.Finalize, where every rank meets.
     */
    public static RankContext startAttached(Tracer tracer, Object world, int firstSite, long firstEnter) throws ReflectiveOperationException {
        MpjReflect mpj = new MpjReflect(world);
        RankContext ctx = new RankContext(tracer, mpj, world, mpj.rank(world), mpj.size(world), null, firstSite, firstEnter,
                new EventStore());
        ctx.mainClass = MainClass.ofCallingThread();
        return ctx;
    }

    /** The tracer's own communicator ({@link #privateComm}); null until an attached rank reaches MPI.Finalize. */
    public Object privateComm() {
        return privateComm;
    }

    /**
     * Clones COMM_WORLD for the tracer if this rank has no private communicator yet (it was attached to):
     * a collective, which every rank calls at MPI.Finalize before the trace is collected.
     */
    public void joinPrivateComm() throws ReflectiveOperationException {
        if (privateComm == null) privateComm = mpj.cloneComm(world);
    }

    /** Whether the rank's MPI.Finalize was seen: its session is over. */
    public boolean finalizeSeen() {
        return finalizeSeen.get();
    }

    /** Whether this is the rank's first MPI.Finalize seen: an attached tracer may see it at the call and in MPJ. */
    public boolean firstFinalize() {
        return finalizeSeen.compareAndSet(false, true);
    }

    /** A rank over any {@link MpjAccess}: {@link #start} for real jobs; tests and benchmarks pass a stand-in. */
    public RankContext(Tracer tracer, MpjAccess mpj, Object world, int rank, int size, Object privateComm, int initSite,
                       long initEnter, EventStore store) {
        this.tracer = tracer;
        TracingMode mode = tracer.config.mode;
        int window = TraceFolding.DEFAULT_WINDOW;
        this.store = mode == TracingMode.DUMP || tracer.config.keepDump ? store : null;
        this.loops = mode == TracingMode.FULL ? new RankLoopFolder(rank, size, initEnter, window) : null;
        // timing=lossless or lossy: every call's own times, of every rank, in the clustering modes too (a non-lead
        // stops adding to the loops, not to its times: what it did is its lead's, when it did it is its own).
        this.times = mode != TracingMode.DUMP && tracer.config.timing.keepsEachCall() ? new CallTimesRecorder(initEnter, tracer.config.epsilon) : null;
        this.clustering = mode.clusters() ? new ClusteringSink(rank, size, initEnter, window, mode) : null;
        RecordSink traced = clustering != null ? clustering : loops;
        RecordSink compressed = traced == null ? null : times == null ? traced : RecordSink.both(traced, times);
        // keepDump: every call of every rank as in dump mode too, leads and non-leads alike, to check the trace against.
        this.sink = compressed == null ? this.store : this.store == null ? compressed : RecordSink.both(this.store, compressed);
        this.world = world;
        this.mpj = mpj;
        this.rank = rank;
        this.size = size;
        this.privateComm = privateComm;
        this.initNanos = initEnter;
        this.initMillis = System.currentTimeMillis() - (System.nanoTime() - initEnter) / 1_000_000;
        this.initSite = initSite;
        this.host = hostName();
        this.comms = new SymbolTable<>(mpj::describeComm, FoldedInfos.COMMS, false);
        this.datatypes = new SymbolTable<>(mpj::describeDatatype, FoldedInfos.DATATYPES, true);
        this.redops = new SymbolTable<>(mpj::describeRedOp, FoldedInfos.REDOPS, true);
        comms.idOf(world); // COMM_WORLD is communicator 0 on every rank
        int earlier = 0;
        for (RankContext c : tracer.ranks) if (c.rank == rank) earlier++;
        this.session = earlier + 1;
        tracer.ranks.add(this);
    }

    /** Where this rank's session's trace goes ({@link OutputPath#forSession}). */
    public Path output() {
        return OutputPath.forSession(tracer.config.output, session);
    }

    /** The next thread number: 0 for the thread bound at MPI.Init, then one for each thread the rank starts, in that order. */
    int nextThread() {
        return threads.getAndIncrement();
    }

    /** The rank's part in markers and in the end of the job; set once, by Probe.init, before the rank records. */
    public void attach(RankCollectives c) {
        collectives = c;
    }

    /** Marker auto: whether the collective layer sees every call of the rank's first thread. Call on that thread. */
    public void watchCalls(boolean on) {
        watchCalls = on;
    }

    public boolean watchesCalls() {
        return watchCalls;
    }

    public RankCollectives collectives() {
        return collectives;
    }

    public boolean tracing() {
        return tracing;
    }

    /** Whether the rank records its calls now: tracing is on and not paused by the program. */
    public boolean recording() {
        return tracing && !pauses.paused() && !tracer.paused;
    }

    /** Pauses this rank's tracing ({@code org.mpjtrace.api.Tracing.pause()} on one of its threads). */
    public void pause() {
        pauses.pause(System.nanoTime());
    }

    /** Resumes this rank's tracing: the span is kept and the next call's compute time counts from now. */
    public void resume() {
        long start = pauses.resume();
        if (start >= 0) resumedAfterPause(start, System.nanoTime());
    }

    public boolean paused() {
        return pauses.paused() || tracer.paused;
    }

    /**
     * Tracing resumes at {@code end} after a pause from {@code start}: the span is kept, and the rank's
     * next call counts its compute time from now, as after the tracer's own work.
     */
    void resumedAfterPause(long start, long end) {
        pauses.ended(Math.max(start, initNanos), end);
        resumeProgram(RecordSink.ALL_THREADS); // no thread's calls were recorded while paused
    }

    /** An error of ours: tracing stops for this rank, with one line on stderr; the program runs on. */
    public void disable(Throwable cause) {
        internalErrors.incrementAndGet();
        disable("internal error: " + TracerLog.describe(cause));
    }

    /** The job is ending before MPI.Finalize: record nothing more, quietly (it is not an error of ours). */
    public void stopTracing() {
        tracing = false;
    }

    public void disable(String reason) {
        synchronized (this) {
            if (!tracing) return;
            tracing = false;
            disabledReason = reason;
        }
        TracerLog.line("rank " + rank + ": " + reason + "; tracing is off for this rank, the program runs on");
    }

    /**
     * Folds every record this rank's threads published so far, on the calling thread (a marker, or
     * MPI.Finalize): the rank needs its trace up to here now, and folding its own records itself costs
     * it no more than waiting for the fold thread to get to them would.
     */
    public void drainRings() {
        for (EventRing ring : rings) drain(ring);
    }

    /**
     * Hands what {@code ring} (one of this rank's) holds to the rank's sink; the fold thread and the
     * rank's own thread both call it, one at a time: a rank's sink takes the records of all its rings.
     * If the sink fails, tracing stops for the rank and the ring is still emptied, since its producer
     * waits while it is full. Returns the number of records taken.
     */
    int drain(EventRing ring) {
        synchronized (foldLock) {
            try {
                return ring.drainTo(sink);
            } catch (Throwable t) {
                disable(t);
                return ring.drainTo(EventStore.DISCARD);
            }
        }
    }

    /** The tracer finished setting this rank up, MPI.Init having returned at {@code initExit}: the program resumes. */
    public void setUpEnded(long initExit) {
        setupNanos = Math.max(0, System.nanoTime() - initExit);
        resumeProgram();
    }

    /**
     * The tracer's own work on the calling thread of this rank (its set-up after MPI.Init, a marker's) ends
     * now: that thread's next call counts its compute time from here ({@link RecordSink#resumeAt}); the rank's
     * other threads ran on meanwhile. Folds the rings first, so that the point falls between the calls made
     * before and after.
     */
    public void resumeProgram() {
        RankThread caller = CURRENT.get();
        resumeProgram(caller != null && caller.rank() == this ? caller.number() : RecordSink.ALL_THREADS);
    }

    private void resumeProgram(int thread) {
        drainRings();
        synchronized (foldLock) {
            sink.resumeAt(thread, System.nanoTime());
        }
    }

    /**
     * This rank's section of the file: tables, statistics and, when a dump is kept, its events. Call after
     * {@link #drainRings()}. {@code markerMemory}: in the clustering modes the trace memory the rank held
     * at its markers (the collective layer keeps it), else null.
     */
    public RankTrace toTrace(TraceMemory markerMemory) {
        long waits = 0, waitNanos = 0;
        for (EventRing ring : rings) {
            waits += ring.waits();
            waitNanos += ring.waitNanos();
        }
        TraceMemory memory = markerMemory != null ? markerMemory
                : loops != null ? TraceMemory.atFinalize(TraceFootprint.bytes(loops.nodes())) : TraceMemory.NONE;
        RankStats stats = new RankStats(waits, waitNanos, internalErrors.get(), disabledReason, memory, setupNanos,
                pauses.toArray(initNanos, tracer.tracingSwitch.pausedSince(), System.nanoTime()));
        long[] words = store == null ? new long[0] : store.toArray();
        return new RankTrace(rank, host, initNanos, words.length / Event.WORDS, words,
                comms.infos(), datatypes.infos(), redops.infos(), stats, arrays.snapshot(),
                clustering != null ? clustering.ownArguments() : List.of(), clustering != null ? clustering.stackSummaries() : List.of(),
                times != null ? times.times() : CallTimes.NONE);
    }

    /** The job's metadata as rank 0 writes it, the trace written at {@code endMillis}, the job ended as {@code ending} says. */
    public JobMeta meta(long endMillis, String ending) {
        CallSite init = tracer.sites.site(initSite);
        String initClass = init == null ? "" : init.className();
        TracerConfig config = tracer.config;
        return new JobMeta(config.mode.key, mpj.device(), size, initMillis, endMillis, mainClass.isEmpty() ? initClass : mainClass,
                config.given, MpjtraceVersion.VERSION, ending, tracer.attachedMillis == 0 ? initClass : "", tracer.attachedMillis);
    }

    /** This rank with no events and no tables: what carries a JVM's site table to rank 0 at a merge. */
    public RankTrace emptyTrace() {
        return new RankTrace(rank, host, initNanos, 0, new long[0], List.of(), List.of(), List.of(), RankStats.EMPTY);
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "unknown";
        }
    }
}
