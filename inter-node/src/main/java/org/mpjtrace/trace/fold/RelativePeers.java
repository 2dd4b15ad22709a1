package org.mpjtrace.trace.fold;

import org.mpjtrace.trace.Op;

/**
 * Relative end-points: a point-to-point peer is kept as its offset from the rank, so that ranks of an
 * SPMD code that talk to "the rank to my left" record the same value and fold together across ranks.
 * Offsets count round COMM_WORLD: {@code peer - rank} modulo the world size, taken between
 * {@code -(size - 1) / 2} and {@code size / 2}. Small offsets are then the plain difference, and the ends
 * of a periodic ring agree with the rest (the last rank's "rank + 1" is rank 0, offset +1, not
 * {@code -(size - 1)}), so a cluster lead's ring traffic stands exactly for every member's. Each offset
 * names one peer given the rank and the world size, so nothing is lost; traces written before offsets
 * counted round COMM_WORLD, whose offsets are plain differences, decode to the same peers.
 * Roots of collectives stay absolute (every rank names the same root). MPJ's sentinels (NONE -1,
 * ANY_SOURCE -2, PROC_NULL -3) are moved below any possible offset so they can never be confused with
 * one (an offset of -1 is a real neighbour). A clustered trace (mode chameleon) may also store peers
 * absolute, below the sentinels, where a cluster's members agree on the rank they talk to.
 *
 * <p>Offsets are taken against the rank in COMM_WORLD whatever the communicator, which is exact for
 * every communicator (no communicator has more ranks than COMM_WORLD); for communicators whose ranks
 * differ from COMM_WORLD's it is lossless but may fold less across ranks.
 */
public final class RelativePeers {
    /** Sentinel s (a negative int) is stored as SENTINEL_BASE + s: far below any rank difference. */
    private static final long SENTINEL_BASE = -(1L << 33);
    /**
     * A peer kept absolute (the same rank for every rank that runs the event, as a master for its
     * workers) is stored as ABSOLUTE_BASE + peer: below every sentinel.
     */
    private static final long ABSOLUTE_BASE = -(1L << 40);

    private RelativePeers() {}

    /** Whether {@code field} of {@code op} holds a peer kept relative. */
    public static boolean isRelative(int opCode, Field field) {
        Op op = Op.ofCode(opCode);
        if (op == null) return false;
        if (op.family == Op.Family.P2P) return field == Field.PEER || field == Field.PEER2 && hasPeer2(op);
        if (op == Op.SHIFT) return field == Field.PEER2 || field == Field.TAG2; // the source and destination it answered
        return false;
    }

    /** Sendrecv's receive side; the source a wildcard Recv, Probe or Iprobe matched. */
    private static boolean hasPeer2(Op op) {
        return op == Op.SENDRECV || op == Op.SENDRECV_REPLACE || op == Op.RECV || op == Op.PROBE || op == Op.IPROBE;
    }

    public static long encode(long peer, int rank, int worldSize) {
        return peer < 0 ? SENTINEL_BASE + peer : offset(peer, rank, worldSize);
    }

    /** The offset of {@code peer} (a rank, not a sentinel) from {@code rank}, counted round COMM_WORLD. */
    public static long offset(long peer, int rank, int worldSize) {
        long d = Math.floorMod(peer - rank, (long) worldSize);
        return d > worldSize / 2 ? d - worldSize : d;
    }

    public static long decode(long stored, int rank, int worldSize) {
        return isOffset(stored) ? Math.floorMod(stored + rank, (long) worldSize) : named(stored);
    }

    /** What a stored peer that is no offset names: a rank outright, or a sentinel. */
    public static long named(long stored) {
        return isAbsolute(stored) ? stored - ABSOLUTE_BASE : stored - SENTINEL_BASE;
    }

    /** Whether a stored peer is an offset from the rank (neither a sentinel nor a rank named outright). */
    public static boolean isOffset(long stored) {
        return stored >= SENTINEL_BASE / 2;
    }

    /** Whether a stored peer names a rank outright rather than an offset from the rank. */
    public static boolean isAbsolute(long stored) {
        return stored < ABSOLUTE_BASE / 2;
    }

    /**
     * The peers of {@code relative} (stored relative to {@code rank}) stored absolute, sentinels as they
     * were: how a cluster lead's trace stands for members that agree on absolute peers.
     */
    public static ValueSeq absolute(ValueSeq relative, int rank, int worldSize) {
        ValueSeq out = new ValueSeq();
        for (ValueSeq.Cursor c = relative.cursor(); c.hasNext(); ) {
            long v = c.next();
            out.append(isOffset(v) ? ABSOLUTE_BASE + decode(v, rank, worldSize) : v);
        }
        return out;
    }
}
