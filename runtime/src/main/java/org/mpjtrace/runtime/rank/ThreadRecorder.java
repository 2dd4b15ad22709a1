package org.mpjtrace.runtime.rank;

import static org.mpjtrace.trace.Event.NONE;

import java.util.Arrays;
import org.mpjtrace.runtime.config.MarkerRule;
import org.mpjtrace.runtime.config.TracerConfig;
import org.mpjtrace.runtime.recording.EventRing;
import org.mpjtrace.runtime.recording.OpTraits;
import org.mpjtrace.runtime.recording.RequestNames;
import org.mpjtrace.runtime.recording.RequestTable;
import org.mpjtrace.runtime.recording.ShadowStack;
import org.mpjtrace.runtime.recording.SignatureSet;
import org.mpjtrace.signatures.StackSignature;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.FlagBits;
import org.mpjtrace.trace.Op;

/**
 * One application thread's recording state: its ring, its live requests, one-entry caches that turn
 * the communicator, datatype and reduction op of a call into symbolic ids without a table scan in the
 * common case (a loop calling with the same objects), and, with calling context, the thread's shadow
 * stack and the set of stack signatures it has already registered. Used only by its own thread.
 *
 * <p>Each recorder has its thread's number in the rank (0 for the thread that called MPI.Init, then the
 * order the rank's threads were started in: {@link RankContext#CURRENT}), which every record carries, so
 * that each thread's calls keep their own order and loops however the rank's threads interleave. Request
 * ids are the thread's own, as its requests are.
 *
 * <p>{@link #write} is the hot path: no allocation, no lock, no logging.
 */
public final class ThreadRecorder {
    /** A thread with no rank (it called MPJ before MPI.Init bound one): its calls are not recorded. */
    static final ThreadRecorder UNBOUND = new ThreadRecorder();

    public final RankContext ctx;
    /** This thread's number in its rank. */
    final int thread;
    private final EventRing ring;
    private final RequestTable requests;
    private final RequestNames requestNames;
    private final SiteRegistry sites;
    /** Callers to fold into stack signatures (agent key stackDepth); 0: the site's own signature. */
    private final int stackDepth;
    /** This thread's shadow stack, the same before and after MPI.Init bound it to a rank. */
    private final ShadowStack stack;
    private final SignatureSet registered;
    /** Digests of array arguments this thread has put in its rank's {@link CallArraysTable}. */
    private final SignatureSet arraysRegistered;
    private final CallPathRegistry paths;

    /** Mode chameleon: the marker rule; null when no call is a marker. */
    private final MarkerRule markers;

    /**
     * Marker auto: the last two communicators this thread called a collective on, and whether each spans
     * every rank (its Size() is the world's), so that a loop alternating two of them asks MPJ only once each.
     */
    private Object wideComm0;
    private Object wideComm1;
    private boolean wide0;
    private boolean wide1;

    /** Records left before an injected fault (agent key injectFault); Long.MAX_VALUE when none. */
    private long faultCountdown;
    private Object lastComm;
    private int lastCommId;
    private Object lastDatatype;
    private int lastDatatypeId;
    private Object lastDatatype2;
    private int lastDatatype2Id;
    private Object lastRedop;
    private int lastRedopId;

    private ThreadRecorder() {
        ctx = null;
        thread = 0;
        faultCountdown = Long.MAX_VALUE;
        ring = null;
        requests = null;
        requestNames = null;
        sites = null;
        stackDepth = 0;
        markers = null;
        stack = null;
        registered = null;
        arraysRegistered = null;
        paths = null;
    }

    private ThreadRecorder(RankContext ctx, int thread) {
        this.ctx = ctx;
        this.thread = thread;
        this.ring = new EventRing(ctx.tracer.config.ringSize, ctx.tracer.fold::wake);
        this.requests = new RequestTable();
        this.requestNames = new RequestNames(requests, ctx.mpj::requestIsNull,
                ctx.tracer.attached() ? r -> !ctx.mpj.isRequestNullConstant(r) : null);
        this.sites = ctx.tracer.sites;
        TracerConfig config = ctx.tracer.config;
        this.stackDepth = config.stackDepth;
        this.markers = config.marker.isNone() ? null : config.marker; // NONE in every mode that does not cluster
        this.stack = ShadowStack.ofCurrentThread(); // built on its own thread: this is that thread's stack
        this.registered = new SignatureSet();
        this.arraysRegistered = new SignatureSet();
        this.paths = ctx.tracer.paths;
        this.faultCountdown = config.faultRank == ctx.rank ? config.faultAfter : Long.MAX_VALUE;
        ctx.rings.add(ring);
        ctx.tracer.fold.add(ring, ctx);
    }

    /**
     * Makes the calling thread, and threads it starts later, record into {@code ctx}, under the rank's next
     * thread number (0 at MPI.Init; after an attach, threads that predate it are numbered as they first call).
     */
    public static ThreadRecorder bindCurrentThread(RankContext ctx) {
        int number = ctx.nextThread();
        RankContext.CURRENT.set(new RankContext.RankThread(ctx, number));
        return new ThreadRecorder(ctx, number);
    }

    /** The recorder for a thread seen for the first time: bound to the rank and number it was started with, if any. */
    public static ThreadRecorder forCurrentThread() {
        RankContext.RankThread bound = RankContext.CURRENT.get();
        return bound == null ? UNBOUND : new ThreadRecorder(bound.rank(), bound.number());
    }

    public void write(int site, int op, Object comm, Object dt, int count, int peer, int tag,
               Object dt2, int count2, int peer2, int tag2, Object redop, int color, int key,
               Object reqs, Object result, int[] a1, int[] a2, int[] a3, int[] a4, long enter, long exit)
            throws Throwable {
        if (--faultCountdown == 0) throw new IllegalStateException("injected fault (agent key injectFault)");
        long stackSignature = stackSignature(site);
        int request = NONE;
        int resultId = NONE;
        long digest = 0;
        switch (OpTraits.requestUse(op)) {
            case OpTraits.REQ_RETURNED:
                request = requests.add(result, OpTraits.persistent(op), stackSignature);
                break;
            case OpTraits.REQ_SINGLE:
                request = requestNames.single(reqs, OpTraits.completes(op, result), stackSignature);
                count = 1;
                break;
            case OpTraits.REQ_ARRAY:
                if (reqs instanceof Object[]) {
                    count = requestNames.array((Object[]) reqs, OpTraits.completes(op, result), stackSignature);
                    digest = CallArrays.digestOfIds(requestNames.ids(), count);
                    if (!arraysRegistered.contains(digest)) registerArrays(digest, Arrays.copyOf(requestNames.ids(), count), null, null, null);
                }
                break;
            default:
                break;
        }
        if (reqs != null && OpTraits.takesObjectArgument(op)) {
            // An object argument (ApiTable passes it where requests go): what a replay needs to make the
            // communicator again, or to pack as the program did. Rare calls; Create's group allocates.
            if (op == Op.CREATE.code) a1 = ctx.mpj.groupRanks(reqs, comm);
            else if (op == Op.CREATE_INTERCOMM.code) color = commId(reqs);
            else if (reqs instanceof boolean[] flags) color = FlagBits.of(flags); // Sub's remain_dims, Create_cart's periods
            else count2 = ctx.mpj.bufferCapacity(reqs); // Pack's and Unpack's buffer
        }
        if (a1 != null) {
            digest = CallArrays.digestOf(a1, a2, a3, a4);
            if (!arraysRegistered.contains(digest)) registerArrays(digest, a1, a2, a3, a4);
            if (op == Op.ALLTOALLV.code || op == Op.REDUCE_SCATTER.code) count = sum(a1);
        }
        if (OpTraits.changesComms(op)) {
            if (op == Op.FREE.code) forgetComm(comm);
            else if (result != null) resultId = ctx.comms.idOf(result);
        } else if (op == Op.SHIFT.code && result != null) {
            peer2 = ctx.mpj.shiftSource(result);
            tag2 = ctx.mpj.shiftDest(result);
        } else if (peer < 0 && result != null && OpTraits.matchesSource(op)) {
            // A wildcard (or PROC_NULL) receive: which message it took is what a replay needs to avoid deadlock.
            peer2 = ctx.mpj.statusSource(result);
            tag2 = ctx.mpj.statusTag(result);
        }

        EventRing r = ring;
        int b = r.claim();
        long[] w = r.buffer;
        w[b + Event.W_OP_SITE] = Event.pack(Event.opAndThread(op, thread), site);
        w[b + Event.W_STACK] = stackSignature;
        w[b + Event.W_COMM_DTYPE] = Event.pack(commId(comm), datatypeId(dt));
        w[b + Event.W_PEER_TAG] = Event.pack(peer, tag);
        w[b + Event.W_COUNT_REQUEST] = Event.pack(count, request);
        w[b + Event.W_PEER2_TAG2] = Event.pack(peer2, tag2);
        w[b + Event.W_COUNT2_DTYPE2] = Event.pack(count2, datatype2Id(dt2));
        w[b + Event.W_REDOP_COLOR] = Event.pack(redopId(redop), color);
        w[b + Event.W_KEY_RESULT] = Event.pack(key, resultId);
        w[b + Event.W_ENTER] = enter;
        w[b + Event.W_EXIT] = exit;
        w[b + Event.W_DIGEST] = digest;
        r.publish();
    }

    /**
     * Whether the call just made is a marker (the clustering modes): one flag lookup, no allocation. With
     * marker auto every collective the rank's first thread calls on a communicator of all ranks is a
     * candidate, which {@code collective.AutoMarker} counts: all ranks make those calls in the same order.
     */
    public boolean isMarker(int site, int op, Object comm) {
        MarkerRule m = markers;
        if (m == null) return false;
        if (m.isAuto()) return thread == 0 && MarkerRule.markerOp(op) && spansWorld(comm);
        if (m.isBarrier()) return op == Op.BARRIER.code && comm == ctx.world;
        return sites.isMarkerSite(site) && MarkerRule.markerOp(op);
    }

    /** Whether this thread's calls go to the rank's collectives one by one (marker auto, the rank's first thread): one field read. */
    public boolean watchesCalls() {
        return thread == 0 && ctx.watchesCalls();
    }

    private boolean spansWorld(Object comm) {
        if (comm == ctx.world) return true;
        if (comm == wideComm0) return wide0;
        if (comm == wideComm1) return wide1;
        boolean wide;
        try {
            wide = comm != null && ctx.mpj.size(comm) == ctx.size;
        } catch (ReflectiveOperationException | RuntimeException e) {
            wide = false; // a freed or intercommunicator that refuses Size() is no candidate
        }
        wideComm1 = wideComm0;
        wide1 = wide0;
        wideComm0 = comm;
        wide0 = wide;
        return wide;
    }

    /**
     * The stack signature of a call made at {@code site} from where this thread is now, as its event has it (or
     * would, on a thread that records nothing): what marker auto tells its candidates apart by.
     */
    public long contextOf(int site) {
        return stackSignature(site);
    }

    /**
     * The call's stack signature: its site's own, extended by its nearest {@link #stackDepth} callers on
     * the thread's shadow stack. Each caller contributes its call site's signature (computed from the
     * site's key, like the MPJ site's), so every JVM gives a context the same value whatever ids it gave
     * the sites. A signature this thread has not seen before is registered with its frames first (the
     * slow path), so the trace can always say what an event's signature stands for.
     */
    private long stackSignature(int site) {
        long[] own = sites.signatures();
        long s = signatureOf(own, site);
        if (stackDepth == 0) return s;
        ShadowStack st = stack;
        int n = Math.min(stackDepth, st.depth());
        for (int i = 0; i < n; i++) {
            int caller = st.caller(i);
            s = StackSignature.withCaller(s, caller == CallPath.UNRECORDED ? StackSignature.UNRECORDED_CALLER : signatureOf(own, caller));
        }
        if (!registered.contains(s)) register(s, site, n);
        return s;
    }

    private static long signatureOf(long[] signatures, int site) {
        return site >= 0 && site < signatures.length ? signatures[site] : 0;
    }

    /** Off the hot path: once per thread and calling context. */
    private void register(long signature, int site, int callerCount) {
        int[] callers = new int[callerCount];
        for (int i = 0; i < callerCount; i++) callers[i] = stack.caller(i);
        paths.register(signature, site, callers);
        registered.add(signature);
    }

    /** Off the hot path: once per thread and distinct array content. */
    private void registerArrays(long digest, int[] a1, int[] a2, int[] a3, int[] a4) {
        ctx.arrays.register(digest, a1, a2, a3, a4);
        arraysRegistered.add(digest);
    }

    /**
     * A Free: the communicator keeps its id in this call's record (cached here, as {@link #commId} reads it
     * next) and leaves the rank's table of live ones ({@link SymbolTable#forget}). Rare, so its lock is too.
     */
    private void forgetComm(Object comm) {
        if (comm == null) return;
        commId(comm);
        ctx.comms.forget(comm);
    }

    private int commId(Object comm) {
        if (comm == null) return NONE;
        if (comm != lastComm) {
            lastCommId = ctx.comms.idOf(comm);
            lastComm = comm;
        }
        return lastCommId;
    }

    private int datatypeId(Object dt) {
        if (dt == null) return NONE;
        if (dt != lastDatatype) {
            lastDatatypeId = ctx.datatypes.idOf(dt);
            lastDatatype = dt;
        }
        return lastDatatypeId;
    }

    private int datatype2Id(Object dt) {
        if (dt == null) return NONE;
        if (dt != lastDatatype2) {
            lastDatatype2Id = ctx.datatypes.idOf(dt);
            lastDatatype2 = dt;
        }
        return lastDatatype2Id;
    }

    private int redopId(Object op) {
        if (op == null) return NONE;
        if (op != lastRedop) {
            lastRedopId = ctx.redops.idOf(op);
            lastRedop = op;
        }
        return lastRedopId;
    }

    private static int sum(int[] a) {
        long s = 0;
        for (int v : a) s += v;
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, s));
    }
}
