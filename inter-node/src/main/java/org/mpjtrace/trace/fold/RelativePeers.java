package org.mpjtrace.trace.fold;

import org.mpjtrace.trace.Op;

/**
 * Relative end-points: a point-to-point peer is kept as {@code peer - rank}, so that ranks of an SPMD
 * code that talk to "the rank to my left" record the same value and fold together across ranks.
 * Roots of collectives stay absolute (every rank names the same root). MPJ's sentinels (NONE -1,
 * ANY_SOURCE -2, PROC_NULL -3) are moved below any possible offset so they can never be confused with
 * one (an offset of -1 is a real neighbour).
 *
 * <p>Offsets are taken against the rank in COMM_WORLD whatever the communicator, which is exact for
 * every communicator; for communicators whose ranks differ from COMM_WORLD's it is lossless but may fold
 * less across ranks.
 */
public final class RelativePeers {
    /** Sentinel s (a negative int) is stored as SENTINEL_BASE + s: far below any rank difference. */
    private static final long SENTINEL_BASE = -(1L << 33);

    private RelativePeers() {}

    /** Whether {@code field} of {@code op} holds a peer kept relative. */
    public static boolean isRelative(int opCode, Field field) {
        Op op = Op.ofCode(opCode);
        if (op == null) return false;
        if (op.family == Op.Family.P2P) return field == Field.PEER || (field == Field.PEER2 && (op == Op.SENDRECV || op == Op.SENDRECV_REPLACE));
        if (op == Op.SHIFT) return field == Field.PEER2 || field == Field.TAG2; // the source and destination it answered
        return false;
    }

    public static long encode(long peer, int rank) {
        return peer < 0 ? SENTINEL_BASE + peer : peer - rank;
    }

    public static long decode(long stored, int rank) {
        return stored < SENTINEL_BASE / 2 ? stored - SENTINEL_BASE : stored + rank;
    }
}
