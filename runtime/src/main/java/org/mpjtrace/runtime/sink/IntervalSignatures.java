package org.mpjtrace.runtime.sink;

import org.mpjtrace.signatures.CallPathSignature;
import org.mpjtrace.signatures.Mix64;
import org.mpjtrace.signatures.RunningMean;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.cluster.RankSignature;
import org.mpjtrace.trace.fold.RelativePeers;

/**
 * One rank's behaviour signatures, kept by the fold thread for every record whether or not the rank
 * traces: the Call-Path signature of the current interval (the calls since the last acted-on marker),
 * and the mean source and destination end-points of its point-to-point calls since the last merge,
 * relative to the rank (as the trace keeps them, see RelativePeers) and absolute. A few numbers, no trace memory: what a non-lead keeps so the vote
 * stays global.
 *
 * <p>MPI.Init is left out of the Call-Path: it opens the first interval only, and counting it would make
 * the first interval of every program look different from the second.
 */
final class IntervalSignatures {
    private final int rank;
    private final int worldSize;
    private final CallPathSignature callPath = new CallPathSignature();
    /**
     * The interval's stack signatures in order, as one hash ({@link Mix64#combine}): unlike the Call-Path's
     * XOR, whose blocks of ten calls cancel in pairs, it tells sequences of other lengths or orders apart.
     */
    private long sequence;
    private final RunningMean srcRel = new RunningMean(), destRel = new RunningMean();
    private final RunningMean srcAbs = new RunningMean(), destAbs = new RunningMean();

    IntervalSignatures(int rank, int worldSize) {
        this.rank = rank;
        this.worldSize = worldSize;
    }

    void add(long[] w, int base) {
        int code = Event.opCode(w, base);
        if (code == Op.INIT.code) return;
        callPath.add(w[base + Event.W_STACK]);
        sequence = Mix64.combine(sequence, w[base + Event.W_STACK]);
        Op op = Op.ofCode(code);
        if (op == null || op.family != Op.Family.P2P) return;
        int peer = Event.peer(w, base);
        if (op == Op.SENDRECV || op == Op.SENDRECV_REPLACE) {
            endpoint(peer, destRel, destAbs);
            endpoint(Event.peer2(w, base), srcRel, srcAbs);
        } else if (receives(op)) {
            endpoint(peer, srcRel, srcAbs);
        } else {
            endpoint(peer, destRel, destAbs);
        }
    }

    private static boolean receives(Op op) {
        return op == Op.RECV || op == Op.IRECV || op == Op.RECV_INIT || op == Op.PROBE || op == Op.IPROBE;
    }

    /** ANY_SOURCE and PROC_NULL name no rank: they stay out of the means (the Call-Path tells them apart). */
    private void endpoint(int peer, RunningMean relative, RunningMean absolute) {
        if (peer < 0) return;
        relative.add(RelativePeers.offset(peer, rank, worldSize));
        absolute.add(peer);
    }

    long callPath() {
        return callPath.value();
    }

    long sequence() {
        return sequence;
    }

    RankSignature signature() {
        return new RankSignature(rank, callPath.value(), srcRel.mean(), destRel.mean(), srcAbs.mean(), destAbs.mean());
    }

    /** A new interval starts (after an acted-on marker): the vote compares Call-Paths of intervals. */
    void resetCallPath() {
        callPath.reset();
        sequence = 0;
    }

    /** The partial trace was merged or dropped: clustering compares end-points over what will be merged next. */
    void resetEndpoints() {
        srcRel.reset();
        destRel.reset();
        srcAbs.reset();
        destAbs.reset();
    }
}
