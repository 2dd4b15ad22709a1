package org.mpjtrace.runtime.collective;

import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.runtime.config.TracerConfig;
import org.mpjtrace.runtime.rank.RankContext;
import org.mpjtrace.runtime.sink.ClusteringSink;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.TraceMemory;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.cluster.MarkerState;
import org.mpjtrace.trace.cluster.RankSignature;

/**
 * One rank's part in the clustering modes (chameleon, acurdion, reference): the marker state machine
 * (Chameleon's transition graph and its Algorithms 1 and 3), run on the rank's own thread when a marker call returns. All ranks call it at the
 * same markers (markers are collectives), vote together and so always agree on the state:
 * <ul>
 *   <li>first acted-on marker: AT, remember the interval's Call-Path signature;</li>
 *   <li>then every rank votes whether its Call-Path changed (an Allreduce of one int on the private
 *       communicator). Nobody changed: C if re-clustering is pending (cluster now, leads merge what was
 *       traced), else L (leads merge their interval). Somebody changed: AT; if clusters were in force,
 *       the leads first merge what they have, and re-clustering is pending again;</li>
 *   <li>MPI.Finalize: F, re-cluster if every rank traced since the last merge, and merge the rest.</li>
 * </ul>
 * After C and L only leads record; after AT everyone does. The modes differ only in how they cluster:
 * {@link ClusterTree} (chameleon: Call-Path and end-points; reference: whole event sequences) or
 * {@link AcurdionTree}. The leads merge in {@link LeadMerge}; rank 0 keeps the online trace in
 * {@link OnlineTraceFile}.
 */
final class MarkerStateMachine {
    private final RankContext ctx;
    private final ClusteringSink sink;
    private final int callFrequency;
    /** Rank 0 only. */
    private final OnlineTraceFile file;
    private final long[] memMarkers = new long[TraceMemory.STATES];
    private final long[] memMax = new long[TraceMemory.STATES];
    private final long[] memSum = new long[TraceMemory.STATES];
    /** Sends this rank started at its last merge (a lead's block up the tree): complete before the next. */
    private final List<Object> unfinishedSends = new ArrayList<>();

    private long markerCalls;
    private int acted;
    private boolean voted;
    private long previousCallPath;
    private boolean reclusterPending = true;
    private MarkerState state = MarkerState.AT;
    /**
     * Marker auto: a hash of this rank's calls since the last acted-on marker, given at Finalize; null for
     * the other rules.
     */
    private Long pathAtEnd;
    private boolean pathSinceMarker;
    /** The clustering in force (after C or L), else null; its index in the marker log at rank 0. */
    private Clustering clustering;
    private int clusteringIndex = -1;
    /**
     * While the clustering in force came from the ranks' own loops (its leads' traces run from MPI.Init, not from
     * a marker), the first such clustering, whose leads give the others' first calls at Finalize; else null.
     */
    private Clustering firstOnOwnLoops;

    MarkerStateMachine(RankContext ctx, ClusteringSink sink) {
        this.ctx = ctx;
        this.sink = sink;
        this.callFrequency = ctx.tracer.config().callFrequency;
        this.file = ctx.rank == 0 ? new OnlineTraceFile(ctx) : null;
    }

    /** A marker call of an explicit rule returned on this rank's thread. */
    void onMarker() throws ReflectiveOperationException {
        markerCalls++;
        if (markerCalls % callFrequency != 0) return;
        ctx.drainRings();
        long callPath = sink.callPath();
        boolean changed = callPath != previousCallPath;
        previousCallPath = callPath;
        act(markerCalls, changed, false, sink.callSequence());
    }

    /**
     * Acts at a marker: the vote, then what the agreed state asks. {@code changed}: whether this rank's
     * Call-Path changed since the last acted-on marker; {@code relearn}: marker auto, whether this rank saw
     * the loop's collectives stop repeating. {@code call}: the marker's count for the log; {@code path}: a hash
     * of this rank's calls since the last acted-on marker, in order. Returns how many ranks voted
     * {@code relearn} (0 at the first marker, which has no vote).
     */
    int act(long call, boolean changed, boolean relearn, long path) throws ReflectiveOperationException {
        markerCalls = call;
        acted++;
        ctx.drainRings();
        MarkerState before = state;
        int changedRanks = 0;
        int relearning = 0;
        if (!voted) {
            voted = true;
            state = MarkerState.AT;
        } else {
            // A rank whose tracing failed votes "unchanged": it must not keep the others in AT forever.
            int[] votes = ctx.mpj.allreduceSum(ctx.privateComm(), new int[] {ctx.tracing() && changed ? 1 : 0, relearn ? 1 : 0});
            changedRanks = votes[0];
            relearning = votes[1];
            if (changedRanks == 0) {
                state = reclusterPending ? MarkerState.C : MarkerState.L;
                reclusterPending = false;
            } else {
                state = MarkerState.AT;
                reclusterPending = true;
            }
        }
        sink.startInterval();
        long start = System.nanoTime();
        noteMemory(state);
        if (state == MarkerState.C) cluster();
        // Clusters end here (AT after C or L): the leads merge what they have, and a non-lead whose calls since the
        // last marker were not its lead's (it changed first) merges its own.
        if (state == MarkerState.AT && before != MarkerState.AT && clustering != null)
            splitUnlikeRanks(path, firstOnOwnLoops == null && ctx.tracing() && sink.hasInterval(), -1);
        boolean merging = state != MarkerState.AT || before != MarkerState.AT;
        long mergeStart = System.nanoTime();
        LeadMerge.Arrivals arrivals = merging ? mergeLeads() : null;
        long mergeNanos = System.nanoTime() - mergeStart;
        if (state == MarkerState.AT) {
            if (merging) sink.restart(true);
            clustering = null;
            clusteringIndex = -1;
            firstOnOwnLoops = null;
        } else {
            sink.restart(isLead());
        }
        if (file != null) handToFile(arrivals, acted, state, changedRanks, start, mergeNanos, merging ? ctx.meta(System.currentTimeMillis(), JobMeta.RUNNING) : null);
        ProgressFile.say(ctx, ctx.size + " ranks running, marker " + acted + " acted on (state " + state
                + (clustering != null ? ", " + clustering.clusters().size() + " clusters" : "") + ")");
        // The vote, clustering, merge and file rewrite are the tracer's time, not the program's compute.
        ctx.resumeProgram();
        return relearning;
    }

    MarkerState state() {
        return state;
    }

    /**
     * Marker auto's own loops ({@link LoopMarker}): this rank takes the clustering rank 0 made of every
     * rank's proposal, which reached it by message, at a call of its own (state C, no vote). A lead keeps
     * what it traced, for the one merge at Finalize; a non-lead drops it and records no more. The same when
     * the ranks cluster again on their new loops ({@link LoopRefinement}). {@code call}: the candidate
     * collectives so far, as the log counts markers.
     */
    void adoptLoopClustering(Clustering c, long call) {
        ctx.drainRings();
        long start = System.nanoTime();
        markerCalls = call;
        acted++;
        state = MarkerState.C;
        reclusterPending = false;
        boolean again = firstOnOwnLoops != null;
        clustering = c;
        if (!again) firstOnOwnLoops = c;
        noteMemory(MarkerState.C);
        if (file != null) clusteringIndex = file.addClustering(c);
        if (again) sink.loopClusteredAgain(isLead());
        else sink.loopClustered(isLead());
        if (file != null) handToFile(null, acted, MarkerState.C, 0, start, 0, null);
        ProgressFile.say(ctx, ctx.size + " ranks running, clustered on their own loops (" + c.clusters().size() + " clusters)");
    }

    /** Marker auto's own loops: this rank proposes its loop, {@code period} calls an iteration ({@link ClusteringSink#watchLoop}). */
    void loopProposed(int period) {
        sink.watchLoop(period);
    }

    /** Marker auto's own loops, under the clusters: this rank saw a new loop; its end-points count from here. */
    void loopSeenAgain() {
        ctx.drainRings();
        sink.startEndpoints();
    }

    /**
     * The same as {@link #loopProposed} for its new loop ({@code period} calls, call sites {@code shape}), under
     * the clusters: its proposal for the clustering again ({@link LoopRefinement}).
     */
    byte[] loopProposedAgain(int period, long shape) {
        ctx.drainRings();
        boolean whole = ctx.tracing() && sink.watchLoopAgain(period);
        RankSignature s = sink.clusteringSignature();
        return LoopRefinement.proposal(period, shape, s.srcRel(), s.destRel(), whole);
    }

    /**
     * Marker auto's own loops: this rank looked at its loop again under the clusters (state L). Its memory
     * is noted as the fold thread has it: nothing is merged here, so the rings need no draining.
     */
    void loopLooked() {
        state = MarkerState.L;
        noteMemory(MarkerState.L);
    }

    /** Rank 0, marker auto's own loops: every rank's latest look found its loop unchanged, a marker in state L. */
    void loopConfirmed(long call) {
        markerCalls = call;
        acted++;
        handToFile(null, acted, MarkerState.L, 0, System.nanoTime(), 0, null);
    }

    /**
     * MPI.Finalize: state F. Every rank traced since the last merge when the last state was AT (or there
     * were no markers at all): then the ranks cluster now, and the leads merge everything. After C or L
     * the clusters stand and the leads merge their last interval; a non-lead whose calls there were not its
     * lead's first becomes a lead for it ({@link #splitUnlikeRanks}).
     */
    void onFinalize() throws ReflectiveOperationException {
        ctx.drainRings();
        // Marker auto says what the last interval was (its own loops: since MPI.Init); else since the last acted-on marker.
        long path = pathAtEnd != null ? pathAtEnd : sink.callSequence();
        // A non-lead kept its calls since the last marker (up to a bound), or, clustered on its own loop, since it
        // proposed its loop (the calls before it its lead's, OwnLoopPrefixes).
        boolean ownLoops = firstOnOwnLoops != null && pathAtEnd != null && !pathSinceMarker;
        boolean kept = ctx.tracing() && (ownLoops ? sink.keepsWholeRun()
                : (pathAtEnd == null || pathSinceMarker) && firstOnOwnLoops == null && sink.hasInterval());
        Clustering inForce = clustering;
        long calls = !ownLoops ? -1 : isLead() ? sink.tracedCalls() : sink.callsBeforeLoop();
        int changedRanks = clustering != null && state != MarkerState.AT ? splitUnlikeRanks(path, kept, calls) : 0;
        // Leads of a later clustering on own loops, or of the split, get their first calls from their first lead.
        // Decided on what every rank holds alike (not on ownLoops: a rank whose watching failed still answers).
        if (firstOnOwnLoops != null && clustering != firstOnOwnLoops) OwnLoopPrefixes.give(ctx, firstOnOwnLoops, clustering, sink);
        if (file != null && clustering != inForce) clusteringIndex = file.addClustering(clustering); // the last merge's
        long start = System.nanoTime();
        noteMemory(MarkerState.F);
        boolean recluster = state == MarkerState.AT;
        state = MarkerState.F;
        if (recluster) cluster();
        long mergeStart = System.nanoTime();
        LeadMerge.Arrivals arrivals = mergeLeads();
        finishSends(); // nothing of the tracer's may still be on its way when MPJ finalizes
        long mergeNanos = System.nanoTime() - mergeStart;
        sink.restart(false);
        if (file != null) handToFile(arrivals, acted + 1, MarkerState.F, changedRanks, start, mergeNanos, null);
    }

    /**
     * Marker auto, before {@link #onFinalize}: a hash of this rank's calls since the last acted-on marker, or
     * since MPI.Init ({@code sinceMarker} false: ranks clustered on their own loops, whose leads' traces run
     * from MPI.Init; a non-lead there has its calls since it proposed its loop, its lead the ones before).
     */
    void pathAtEnd(long path, boolean sinceMarker) {
        pathAtEnd = path;
        pathSinceMarker = sinceMarker;
    }

    /**
     * Before the leads merge with clusters in force, at a marker that ends them or at Finalize: the non-leads
     * that made other calls than their lead since the last marker ({@code path}; own loops: since MPI.Init), and
     * {@code kept} them, trace them as leads of their own for this merge ({@link IntervalSplit}); returns, at rank
     * 0, how many non-leads are still unlike their lead (their calls there read as its in the trace, and the
     * trace says so), 0 elsewhere. {@code calls}: own loops, see {@link IntervalSplit#exchange}; else -1.
     */
    private int splitUnlikeRanks(long path, boolean kept, long calls) throws ReflectiveOperationException {
        IntervalSplit.Result split = IntervalSplit.exchange(ctx, clustering, firstOnOwnLoops != null ? firstOnOwnLoops : clustering, path, kept, calls);
        if (split.clustering() != clustering) {
            clustering = split.clustering();
            try {
                if (isLead()) sink.traceKeptInterval();
            } catch (RuntimeException e) {
                ctx.disable(e); // a bug of ours: this lead still takes its part in the merge, with an empty block
            }
        }
        return split.unlike();
    }

    /**
     * Rank 0: hands the marker's record, and what arrived of the leads' merge, to the file's writer thread,
     * which completes the record with the calls merged and the time it took ({@code start}: when this
     * marker's work began after the vote; {@code meta}: rewrite the file, or null).
     */
    private void handToFile(LeadMerge.Arrivals arrivals, int index, MarkerState s, int changed, long start, long mergeNanos, JobMeta meta) {
        long call = markerCalls;
        int clusteringAt = clusteringIndex;
        // Markers act on the rank's first thread (marker auto's, and Finalize's as programs call it): where in
        // rank 0's calls this one fell, so that `phases` can show the markers among the phases.
        long rankZeroCall = ctx.firstThreadCalls() - 1;
        file.afterMarker(arrivals, System.nanoTime() - start, mergeNanos,
                (mergedCalls, nanos) -> new MarkerRecord(index, call, s, changed, clusteringAt, mergedCalls, nanos, rankZeroCall), meta);
    }

    private void cluster() throws ReflectiveOperationException {
        TracerConfig config = ctx.tracer.config();
        firstOnOwnLoops = null;
        clustering = switch (config.mode) {
            case ACURDION -> AcurdionTree.cluster(ctx, sink.acurdionSignature(ctx.datatypes.infos(), ctx.redops.infos(), ctx.comms.infos()),
                    config.acurdion, config.k);
            case REFERENCE -> {
                // Equal whole-sequence hashes cluster, and nothing else: no K, no end-points to compare.
                yield ClusterTree.exactOnly(ClusterTree.cluster(ctx, ClusterTree.ofSequence(ctx.rank, sink.referenceSignature()), Integer.MAX_VALUE));
            }
            default -> ClusterTree.cluster(ctx, sink.clusteringSignature(), config.k);
        };
        if (file != null) clusteringIndex = file.addClustering(clustering);
    }

    /**
     * The leads merge their partial traces (every path that merges has a clustering in force: C and F
     * made one, L and a change after C or L kept it). Returns, at rank 0, what arrived for its writer
     * thread to merge and append; null elsewhere.
     */
    private LeadMerge.Arrivals mergeLeads() throws ReflectiveOperationException {
        finishSends();
        return LeadMerge.merge(ctx, clustering, sink.prefixNodes(), sink.partialNodes(), file, unfinishedSends);
    }

    /** Waits for the sends of this rank's last merge: they were taken in at that marker, so this seldom waits. */
    private void finishSends() throws ReflectiveOperationException {
        for (Object send : unfinishedSends) ctx.mpj.waitSent(send);
        unfinishedSends.clear();
    }

    private boolean isLead() {
        Cluster mine = clustering == null ? null : clustering.clusterOf(ctx.rank);
        return mine == null || mine.lead() == ctx.rank;
    }

    private void noteMemory(MarkerState s) {
        long bytes = sink.partialBytes();
        memMarkers[s.code]++;
        memMax[s.code] = Math.max(memMax[s.code], bytes);
        memSum[s.code] += bytes;
    }

    TraceMemory memory() {
        return new TraceMemory(memMarkers, memMax, memSum);
    }

    /** Rank 0: what it keeps of the run; null on other ranks. */
    OnlineTraceFile file() {
        return file;
    }
}
