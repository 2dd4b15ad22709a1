package org.mpjtrace.runtime.sink;

import java.util.List;
import org.mpjtrace.signatures.cluster.SignatureVector;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.OwnArguments;
import org.mpjtrace.trace.RedOpInfo;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.TracingMode;
import org.mpjtrace.trace.cluster.RankSignature;
import org.mpjtrace.trace.fold.TraceFootprint;
import org.mpjtrace.trace.fold.TraceLoopSignature;
import org.mpjtrace.trace.fold.TraceNode;
import org.mpjtrace.trace.fold.TraceShapeSignature;

/**
 * Where the fold thread puts a rank's records in the clustering modes (chameleon, acurdion, reference):
 * every record updates the interval's signatures (Call-Path and end-points always; the parameter
 * signatures in mode acurdion; the whole-sequence hash in mode reference); only while the rank records
 * (all tracing, or it is a lead) does it also go into the rank's partial trace, the loop-compressed
 * calls since the last merge. A non-lead holds no partial trace at all: {@code partial} is null, so its
 * memory is gone, not just unused.
 *
 * <p>A non-lead keeps its raw records since the last marker ({@link KeptCalls}, up to {@link #TAIL_RECORDS}):
 * where the leads merge (a marker that ends the clusters, or MPI.Finalize) a non-lead whose calls there were
 * not its lead's traces them itself ({@code IntervalSplit}).
 *
 * <p>A non-lead clustered on its own loop (marker auto with no collective, whose leads' traces run from
 * MPI.Init to MPI.Finalize) keeps a {@link LoopShadow} of its loop instead, from when it proposed the loop,
 * and how many calls it traced before: while its calls repeat the loop it records nothing. When they stop
 * it keeps its calls raw, as above; past TAIL_RECORDS of them (its loop changed, not just ended) the
 * repeated calls are replayed into a new partial trace, the kept ones follow, and it traces on. Should its
 * calls turn out not to be its lead's at MPI.Finalize, the same is done there, and its lead's first calls
 * stand for the ones it made before it proposed its loop ({@link LeadPrefix}), as they did for the whole run
 * before. When every rank's loop changed, the ranks cluster again on their new loops: a non-lead then
 * takes a shadow of its new loop, and one that traced since its first loop drops that trace, so that it can
 * no longer give its whole run ({@link #watchLoopAgain}, {@link #loopClusteredAgain}). Measured: on Ring,
 * Sweep, TwoCallers and CGTranspose (16 ranks) every non-lead still holds 0 B in state L and at Finalize;
 * on LeavingPair and RingThenPairs, whose non-leads' loops end or change, every rank's calls are full's,
 * and on RingThenPairs with a long second loop the non-leads of the clustering again hold 0 B to the end
 * (62 of 64 ranks; docs/benchmarks.md).
 *
 * <p>The rank's own thread swaps the partial trace at markers, after the rings are drained; the lock
 * guards against the rank's other threads, whose records the fold thread may be appending meanwhile.
 * It is taken by the fold thread, never on the probe's path.
 */
public final class ClusteringSink implements RecordSink {
    private final int rank;
    private final int worldSize;
    private final int window;
    private final IntervalSignatures signatures;
    /** Mode acurdion, else null. */
    private final ParameterSignatures parameters;
    /** Mode reference, else null. */
    private final ReferenceSignature reference;
    private final OwnArgumentsLog ownArguments = new OwnArgumentsLog();
    private final StackSummaries stacks;
    private RankLoopFolder partial;
    /** Exit time of the rank's last call on any thread: where its kept calls and loop shadow count from. */
    private long lastExit;
    /** Each thread's last exit, where the compute time of its next call (summaries, signatures) counts from. */
    private final ThreadExits threadExits;
    /** Most records a non-lead keeps of an interval. */
    public static final int TAIL_RECORDS = 4096;
    /** A non-lead's records since the last marker. */
    private final KeptCalls tail;
    /** The rank's time origin (MPI.Init): where the calls before its clustering start when its lead gives them back. */
    private final long origin;
    /**
     * The last records traced or kept, the i-th at i % RECENT (where a loop's last iteration is found for a
     * {@link LoopShadow}), and how many went in; how many were traced.
     */
    private static final int RECENT = 64;
    private final long[] recent = new long[RECENT * Event.WORDS];
    private long recentCount;
    private long traced;
    /** A non-lead on its own loop: the loop its calls repeated while it recorded nothing (until it traces them); else null. */
    private LoopShadow shadow;
    /** Whether its calls still repeat it. */
    private boolean repeating;
    /** A non-lead on its own loop: the calls it traced from MPI.Init until it proposed its loop; -1 for every other rank. */
    private long callsBeforeLoop = -1;
    /** A non-lead of a later clustering on own loops: it dropped calls since its first loop, so cannot give its whole run. */
    private boolean wholeRunLost;
    /** Those calls as its lead made them, once it traces for itself at MPI.Finalize; else empty. */
    private List<TraceNode> prefix = List.of();
    /** Whether the partial trace was ever dropped: then it no longer starts at MPI.Init. */
    private boolean restarted;

    public ClusteringSink(int rank, int worldSize, long origin, int window, TracingMode mode) {
        this.rank = rank;
        this.worldSize = worldSize;
        this.window = window;
        this.signatures = new IntervalSignatures(rank, worldSize);
        this.parameters = mode == TracingMode.ACURDION ? new ParameterSignatures() : null;
        this.reference = mode == TracingMode.REFERENCE ? new ReferenceSignature(rank, worldSize) : null;
        this.lastExit = origin;
        this.threadExits = new ThreadExits(origin);
        this.origin = origin;
        this.tail = new KeptCalls(origin);
        this.partial = new RankLoopFolder(rank, worldSize, origin, window);
        this.stacks = new StackSummaries(rank, worldSize);
    }

    @Override
    public synchronized void append(long[] w, int base) {
        signatures.add(w, base);
        long previous = threadExits.previous(w, base);
        if (parameters != null) parameters.add(w, base, previous);
        if (reference != null) reference.add(w, base);
        ownArguments.add(w, base);
        stacks.add(w, base, Math.max(0, Event.enter(w, base) - previous));
        if (repeating && !shadow.repeats(w, base, lastExit)) leaveLoop();
        if (partial == null && !repeating && shadow != null && tail.full()) traceOwnLoopCalls(); // the loop changed
        if (partial != null) {
            partial.append(w, base);
            traced++;
            remember(w, base);
        } else if (!repeating) {
            tail.add(w, base);
        }
        lastExit = Event.exit(w, base);
        threadExits.exited(w, base);
    }

    private void remember(long[] w, int base) {
        System.arraycopy(w, base, recent, (int) (recentCount++ % RECENT) * Event.WORDS, Event.WORDS);
    }

    /** A non-lead on its own loop made a call that does not repeat it: it keeps its calls from here, counted from the last repeated one's exit. */
    private void leaveLoop() {
        repeating = false;
        tail.startAt(lastExit);
    }

    /** A non-lead on its own loop traces its calls since its clustering: the repeated ones replayed, then the kept ones. */
    private void traceOwnLoopCalls() {
        RankLoopFolder folder = new RankLoopFolder(rank, worldSize, shadow.start(), window);
        shadow.replayInto(folder);
        shadow = null;
        repeating = false;
        foldTailInto(folder);
        partial = folder;
    }

    /**
     * Marker auto's own loops: this rank proposes its loop, whose last iteration is its last {@code period}
     * records. It traces on, but from here also counts the calls that repeat the loop ({@link LoopShadow}),
     * and notes how many it traced before: should it be a non-lead, its lead's first calls stand for those.
     * Nothing when its trace no longer starts at MPI.Init or those records are not all there, or not all of
     * its first thread.
     */
    public synchronized void watchLoop(int period) {
        LoopShadow s = partial == null || restarted ? null : LoopShadow.of(recent, recentCount, period, lastExit);
        if (s == null) return;
        shadow = s;
        repeating = true;
        callsBeforeLoop = traced;
    }

    /**
     * Marker auto's own loops, under the clusters: this rank proposes its new loop ({@code period} calls) for
     * the clustering again. As at its first proposal it traces on and counts the calls that repeat the new loop;
     * a non-lead that only kept its calls since it left its first loop traces them first. Returns whether it
     * can still give its calls since MPI.Init ({@link #keepsWholeRun}).
     */
    public synchronized boolean watchLoopAgain(int period) {
        if (partial == null && repeating) return keepsWholeRun(); // its records still repeat its first loop: nothing to do
        if (partial == null && shadow != null) traceOwnLoopCalls();
        LoopShadow s = partial == null || restarted ? null : LoopShadow.of(recent, recentCount, period, lastExit);
        shadow = s;
        repeating = s != null;
        return keepsWholeRun();
    }

    /**
     * The ranks clustered again on their new loops. A lead traces on (a new one still on its first loop's shadow
     * traces the calls it repeated, and on). A non-lead whose calls repeated its new
     * loop since it proposed it drops its partial trace and records nothing while they go on doing so; its
     * calls since MPI.Init are now its lead's or none ({@link #keepsWholeRun} false).
     */
    public synchronized void loopClusteredAgain(boolean lead) {
        resetSignatures();
        if (partial == null) {
            // Still on its first loop's shadow: a non-lead records nothing, as before; a new lead traces from here.
            if (lead && shadow != null) traceOwnLoopCalls();
            return;
        }
        if (!lead && repeating) {
            partial = null;
            wholeRunLost = true;
            return;
        }
        shadow = null;
        repeating = false;
    }

    /**
     * The ranks clustered on their own loops. A lead traces on as before. A non-lead whose calls have
     * repeated its loop since it proposed it drops its partial trace and records nothing while they go on
     * doing so; one that left its loop meanwhile (the clustering came late) traces on, so that it still has
     * all its calls should they not be its lead's.
     */
    public synchronized void loopClustered(boolean lead) {
        resetSignatures();
        if (!lead && shadow != null && !restarted) {
            if (repeating) {
                partial = null;
                return;
            }
            shadow = null; // it left its loop before the clustering came: it traces on
            callsBeforeLoop = -1;
            return;
        }
        shadow = null;
        repeating = false;
        callsBeforeLoop = -1;
        if (!lead) restart(false);
    }

    /**
     * Whether this rank can give its calls since MPI.Init at MPI.Finalize, for itself or for a non-lead of
     * its own loop: it traced them on one thread, or it is such a non-lead (the calls before it proposed its
     * loop its lead's, {@link #callsBeforeLoop}).
     */
    public synchronized boolean keepsWholeRun() {
        if (restarted) return false;
        if (wholeRunLost) return false;
        if (callsBeforeLoop >= 0) return callsBeforeLoop <= LeadPrefix.MAX_CALLS && !tail.lost();
        return partial != null && partial.oneThread();
    }

    /** The calls this rank traced since MPI.Init (a lead: as many as it can give back, {@link #prefixFor}). */
    public synchronized long tracedCalls() {
        return traced;
    }

    /** A non-lead on its own loop: how many calls before its loop its lead gives back ({@link #prefixWith}); 0 for any other rank. */
    public synchronized long callsBeforeLoop() {
        return Math.max(0, callsBeforeLoop);
    }

    /** A lead: its first {@code n} calls as records of rank {@code member}'s, for {@link #prefixWith} there ({@link LeadPrefix}). */
    public synchronized long[] prefixFor(int member, long n) {
        return LeadPrefix.records(partial == null ? List.of() : partial.nodes(), n, member, worldSize);
    }

    /**
     * A non-lead on its own loop that traces for itself at MPI.Finalize: the calls before it proposed its loop,
     * as its lead made them ({@link #prefixFor} there), folded from its time origin on; its own calls since are
     * its partial trace (after {@link #traceKeptInterval}).
     */
    public synchronized void prefixWith(long[] records) {
        RankLoopFolder folder = new RankLoopFolder(rank, worldSize, origin, window);
        LeadPrefix.appendFrom(origin, records, folder);
        prefix = folder.nodes();
    }

    /** What {@link #prefixWith} gave, to go before the partial trace; empty for every other rank. */
    public synchronized List<TraceNode> prefixNodes() {
        return prefix;
    }

    /** Whether this rank has every call since the last marker: traced (a lead) or kept (a non-lead). */
    public synchronized boolean hasInterval() {
        return partial != null || !tail.lost();
    }

    /**
     * A non-lead traces its kept calls since the last marker itself, as a lead would have: its partial trace
     * is then theirs (MPI.Finalize, when they were not its lead's and {@link #hasInterval} said it kept them
     * all). Nothing when it traces already.
     */
    public synchronized void traceKeptInterval() {
        if (partial == null && shadow != null) {
            traceOwnLoopCalls();
            return;
        }
        if (partial != null) return;
        RankLoopFolder folder = new RankLoopFolder(rank, worldSize, tail.origin(), window);
        foldTailInto(folder);
        partial = folder;
    }

    /** The kept calls into {@code folder}, remembered as traced ones; none are kept after. */
    private void foldTailInto(RankLoopFolder folder) {
        tail.foldInto(new RecordSink() {
            @Override
            public void append(long[] w, int base) {
                folder.append(w, base);
                remember(w, base);
            }

            @Override
            public void resumeAt(int thread, long nanos) {
                folder.resumeAt(thread, nanos);
            }
        });
    }

    public synchronized long callPath() {
        return signatures.callPath();
    }

    /** The interval's calls in order as one hash (stack signatures only), for telling a non-lead from its lead. */
    public synchronized long callSequence() {
        return signatures.sequence();
    }

    /**
     * What the rank clusters on: the Call-Path of its partial trace's compressed form when it holds one
     * (ranks that run the same loops a different number of times then agree), else of its interval; and
     * its mean end-points since the last merge.
     */
    public synchronized RankSignature clusteringSignature() {
        RankSignature s = signatures.signature();
        if (partial == null || partial.nodes().isEmpty()) return s;
        return new RankSignature(s.rank(), TraceShapeSignature.of(partial.nodes()), s.srcRel(), s.destRel(), s.srcAbs(), s.destAbs());
    }

    /**
     * Mode acurdion: the eleven signatures since the last merge, Call-Path as in {@link #clusteringSignature},
     * LOOP from the partial trace's loops, TYPE through the rank's symbol tables (what each id it used is).
     */
    public synchronized SignatureVector acurdionSignature(List<DatatypeInfo> datatypes, List<RedOpInfo> redops, List<CommInfo> comms) {
        RankSignature s = clusteringSignature();
        long loop = partial == null ? 0 : TraceLoopSignature.of(partial.nodes());
        return parameters.vector(s.callPath(), s.srcRel(), s.destRel(), loop, datatypes, redops, comms);
    }

    /** Mode reference: the hash of every call since the last merge, with all its parameters. */
    public synchronized long referenceSignature() {
        return reference.value();
    }

    /** The rank's own constructor and v-collective arguments so far, for its section of the trace. */
    public synchronized List<OwnArguments> ownArguments() {
        return ownArguments.runs();
    }

    /** The rank's calls and peers per stack signature so far, for its section of the trace. */
    public synchronized List<StackSummary> stackSummaries() {
        return stacks.summaries();
    }

    /** A new interval starts: the Call-Path signature counts from here. */
    public synchronized void startInterval() {
        signatures.resetCallPath();
    }

    @Override
    public synchronized void resumeAt(int thread, long nanos) {
        lastExit = Math.max(lastExit, nanos);
        threadExits.resumeAt(thread, nanos);
        if (partial != null) partial.resumeAt(thread, nanos);
        else if (!repeating) tail.resumeAt(thread, nanos); // the loop's shadow counts compute times from lastExit
    }

    /** The partial trace's nodes, or an empty list when the rank holds none. */
    public synchronized List<TraceNode> partialNodes() {
        return partial == null ? List.of() : partial.nodes();
    }

    /**
     * Estimated heap bytes of the partial trace; 0 when the rank holds none. A non-lead's loop shadow is
     * not a trace, and not counted: its loop's last iteration, 112 B a call of it whatever the run's length.
     */
    public synchronized long partialBytes() {
        return partial == null ? 0 : TraceFootprint.bytes(partial.nodes());
    }

    /**
     * Drops the partial trace (it was merged, or a lead merged for this rank) and says whether the rank
     * records from now on: a new, empty partial trace when it does, none at all when it does not.
     */
    public synchronized void restart(boolean recording) {
        partial = recording ? new RankLoopFolder(rank, worldSize, lastExit, window) : null;
        shadow = null;
        repeating = false;
        callsBeforeLoop = -1;
        prefix = List.of();
        restarted = true;
        tail.restart(lastExit, recording);
        resetSignatures();
    }

    /** Marker auto's own loops, a new loop seen under the clusters: the end-points count from here. */
    public synchronized void startEndpoints() {
        signatures.resetEndpoints();
    }

    /** A new clustering interval: the end-point and parameter signatures count from here. */
    private void resetSignatures() {
        signatures.resetEndpoints();
        if (parameters != null) parameters.reset();
        if (reference != null) reference.reset();
    }
}
