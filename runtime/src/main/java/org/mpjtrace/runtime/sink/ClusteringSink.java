package org.mpjtrace.runtime.sink;

import java.util.Arrays;
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
 * <p>A non-lead keeps its raw records since the last marker, up to {@link #TAIL_RECORDS}: where the leads merge
 * (a marker that ends the clusters, or MPI.Finalize) a non-lead whose calls there were not its lead's
 * traces them itself ({@code IntervalSplit}). The buffer
 * grows with the interval, is reused from one interval to the next, and holds at most TAIL_RECORDS
 * records (393 kB); a longer interval is not kept.
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
    /** Exit time of the rank's last call: the next call's compute time counts from it, traced or not. */
    private long lastExit;
    /** Most records a non-lead keeps of an interval. */
    public static final int TAIL_RECORDS = 4096;
    /** A non-lead's records since the last marker (null until it has one), how many, and whether some did not fit. */
    private long[] tail;
    private int tailCount;
    private boolean tailLost;
    /** Where the interval began: its first call's compute time counts from here. */
    private long tailOrigin;
    /** Where the rank resumed inside the kept interval (pairs: records kept before it, then the time), as a lead's partial trace is told. */
    private long[] tailResumes = new long[0];
    private int tailResumeCount;

    public ClusteringSink(int rank, int worldSize, long origin, int window, TracingMode mode) {
        this.rank = rank;
        this.worldSize = worldSize;
        this.window = window;
        this.signatures = new IntervalSignatures(rank, worldSize);
        this.parameters = mode == TracingMode.ACURDION ? new ParameterSignatures() : null;
        this.reference = mode == TracingMode.REFERENCE ? new ReferenceSignature(rank, worldSize) : null;
        this.lastExit = origin;
        this.partial = new RankLoopFolder(rank, worldSize, origin, window);
        this.stacks = new StackSummaries(rank, worldSize);
    }

    @Override
    public synchronized void append(long[] w, int base) {
        signatures.add(w, base);
        if (parameters != null) parameters.add(w, base, lastExit);
        if (reference != null) reference.add(w, base);
        ownArguments.add(w, base);
        stacks.add(w, base, Math.max(0, Event.enter(w, base) - lastExit));
        if (partial != null) partial.append(w, base);
        else keepTail(w, base);
        lastExit = Event.exit(w, base);
    }

    private void keepTail(long[] w, int base) {
        if (tailLost) return;
        if (tailCount == TAIL_RECORDS) {
            tailLost = true;
            return;
        }
        int need = (tailCount + 1) * Event.WORDS;
        if (tail == null) tail = new long[64 * Event.WORDS];
        else if (tail.length < need) tail = Arrays.copyOf(tail, Math.min(TAIL_RECORDS * Event.WORDS, 2 * tail.length));
        System.arraycopy(w, base, tail, tailCount * Event.WORDS, Event.WORDS);
        tailCount++;
    }

    /** Whether this rank has every call since the last marker: traced (a lead) or kept (a non-lead). */
    public synchronized boolean hasInterval() {
        return partial != null || !tailLost;
    }

    /**
     * A non-lead traces its kept calls since the last marker itself, as a lead would have: its partial trace
     * is then theirs (MPI.Finalize, when they were not its lead's and {@link #hasInterval} said it kept them
     * all). Nothing when it traces already.
     */
    public synchronized void traceKeptInterval() {
        if (partial != null) return;
        RankLoopFolder folder = new RankLoopFolder(rank, worldSize, tailOrigin, window);
        int resume = 0;
        for (int i = 0; i <= tailCount; i++) {
            for (; resume < tailResumeCount && tailResumes[2 * resume] == i; resume++) folder.resumeAt(tailResumes[2 * resume + 1]);
            if (i < tailCount) folder.append(tail, i * Event.WORDS);
        }
        partial = folder;
        tail = null;
        tailCount = 0;
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
    public synchronized void resumeAt(long nanos) {
        lastExit = Math.max(lastExit, nanos);
        if (partial != null) partial.resumeAt(nanos);
        else if (!tailLost) keepResume(nanos);
    }

    private void keepResume(long nanos) {
        if (tailResumeCount == TAIL_RECORDS) { // a program pausing and resuming over and over: as many as records, no more
            tailLost = true;
            return;
        }
        if (tailResumeCount == tailResumes.length / 2) tailResumes = Arrays.copyOf(tailResumes, Math.max(8, 2 * tailResumes.length));
        tailResumes[2 * tailResumeCount] = tailCount;
        tailResumes[2 * tailResumeCount + 1] = nanos;
        tailResumeCount++;
    }

    /** The partial trace's nodes, or an empty list when the rank holds none. */
    public synchronized List<TraceNode> partialNodes() {
        return partial == null ? List.of() : partial.nodes();
    }

    /** Estimated heap bytes of the partial trace; 0 when the rank holds none. */
    public synchronized long partialBytes() {
        return partial == null ? 0 : TraceFootprint.bytes(partial.nodes());
    }

    /**
     * Drops the partial trace (it was merged, or a lead merged for this rank) and says whether the rank
     * records from now on: a new, empty partial trace when it does, none at all when it does not.
     */
    public synchronized void restart(boolean recording) {
        partial = recording ? new RankLoopFolder(rank, worldSize, lastExit, window) : null;
        tailCount = 0;
        tailResumeCount = 0;
        tailLost = false;
        tailOrigin = lastExit;
        if (recording) tail = null;
        signatures.resetEndpoints();
        if (parameters != null) parameters.reset();
        if (reference != null) reference.reset();
    }
}
