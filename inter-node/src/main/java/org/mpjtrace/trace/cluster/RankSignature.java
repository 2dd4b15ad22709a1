package org.mpjtrace.trace.cluster;

/**
 * One rank's behaviour over an interval between markers, as mode chameleon clusters on it: its Call-Path
 * signature, and the mean source and destination end-points of its point-to-point calls in two
 * encodings. Relative end-points (the peer's offset from the rank, as the trace keeps it: see
 * RelativePeers) make SPMD neighbours agree; absolute ones (the peer's rank) make a master's workers
 * agree. Which encoding clusters better is decided at the root of the clustering tree, so every rank
 * sends both.
 *
 * @param rank     the rank this describes
 * @param callPath the interval's Call-Path signature
 * @param srcRel   mean source end-point, relative to rank
 * @param destRel  mean destination end-point, relative to rank
 * @param srcAbs   mean source end-point, as a rank
 * @param destAbs  mean destination end-point, as a rank
 */
public record RankSignature(int rank, long callPath, double srcRel, double destRel, double srcAbs, double destAbs) {

    public RankSignature {
        if (rank < 0) throw new IllegalArgumentException("negative rank " + rank);
        // A mean over no calls must be given a value by whoever computes it; NaN would make distances useless.
        if (!Double.isFinite(srcRel) || !Double.isFinite(destRel) || !Double.isFinite(srcAbs) || !Double.isFinite(destAbs)) {
            throw new IllegalArgumentException("rank " + rank + " has an end-point that is not a finite number");
        }
    }
}
