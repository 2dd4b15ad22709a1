package org.mpjtrace.runtime.collective;

import java.nio.ByteBuffer;
import org.mpjtrace.runtime.config.TracerConfig;
import org.mpjtrace.runtime.rank.RankContext;
import org.mpjtrace.signatures.cluster.SignatureFormat;
import org.mpjtrace.signatures.cluster.SignatureVector;
import org.mpjtrace.trace.TracingMode;
import org.mpjtrace.trace.cluster.ClusterSets;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.SignatureCandidates;

/**
 * The clustering of marker auto's own loops ({@link LoopMarker}): each rank sends rank 0 a proposal (its
 * loop's period and its signature in the form its mode clusters on), and rank 0 clusters them all at
 * once, locally, as {@link ClusterTree} and {@link AcurdionTree} do over their tree. Over a tree every
 * rank would wait for its children; here no rank waits for anything, which is the point: the ranks of a
 * loop with no collective on all ranks need not pass the same number of iterations.
 *
 * <p>A proposal: period int, then chameleon's and reference's {@link ClusterSets} of the rank alone, or
 * acurdion's signature words.
 */
final class LoopClustering {
    private LoopClustering() {}

    /** This rank's proposal for a loop of {@code period} calls, from what it traced so far. */
    static byte[] proposal(RankContext ctx, int period) {
        TracerConfig config = ctx.tracer.config();
        byte[] signature = switch (config.mode) {
            case ACURDION -> {
                ByteBuffer b = ByteBuffer.allocate(AcurdionTree.VECTOR_BYTES);
                AcurdionTree.putVector(b, ctx.clustering.acurdionSignature(ctx.datatypes.infos(), ctx.redops.infos(), ctx.comms.infos()));
                yield b.array();
            }
            case REFERENCE -> ClusterSets.of(ClusterTree.ofSequence(ctx.rank, ctx.clustering.referenceSignature())).encode();
            default -> ClusterSets.of(ctx.clustering.clusteringSignature()).encode();
        };
        return proposal(period, signature);
    }

    /** A proposal of a loop of {@code period} calls with {@code signature} in its mode's form. */
    static byte[] proposal(int period, byte[] signature) {
        return ByteBuffer.allocate(4 + signature.length).putInt(period).put(signature).array();
    }

    /** The period a proposal names. */
    static int period(byte[] proposal) {
        return ByteBuffer.wrap(proposal).getInt();
    }

    /**
     * Rank 0: the clustering of every rank's proposal ({@code proposals[r]} rank r's), with at most K
     * clusters (mode reference: equal whole-sequence hashes only); {@code start} is when the work began.
     */
    static Clustering cluster(TracerConfig config, byte[][] proposals, long start) {
        int size = proposals.length;
        if (config.mode == TracingMode.ACURDION) {
            SignatureVector[] v = new SignatureVector[size];
            int format = 0;
            for (int r = 0; r < size; r++) {
                ByteBuffer in = signature(proposals[r]);
                if (in.remaining() != AcurdionTree.VECTOR_BYTES) throw new IllegalArgumentException("rank " + r + "'s proposal has " + in.remaining() + " signature bytes");
                v[r] = AcurdionTree.getVector(in);
                // A bit counts where any rank differs from rank 0, as where any child differs from its parent up the tree.
                format = SignatureFormat.withChild(format, v[0], v[r], 0);
            }
            SignatureCandidates all = SignatureCandidates.of(0, v[0]);
            for (int r = 1; r < size; r++) all = all.merge(SignatureCandidates.of(r, v[r]), format, config.acurdion, config.k);
            return all.result(format, System.nanoTime() - start);
        }
        boolean reference = config.mode == TracingMode.REFERENCE;
        int k = reference ? Integer.MAX_VALUE : config.k;
        ClusterSets all = ClusterSets.decode(rest(proposals[0]), size);
        for (int r = 1; r < size; r++) all = all.merge(ClusterSets.decode(rest(proposals[r]), size), k);
        Clustering c = all.result(System.nanoTime() - start);
        return reference ? ClusterTree.exactOnly(c) : c;
    }

    private static ByteBuffer signature(byte[] proposal) {
        return ByteBuffer.wrap(proposal, 4, proposal.length - 4);
    }

    private static byte[] rest(byte[] proposal) {
        byte[] b = new byte[proposal.length - 4];
        System.arraycopy(proposal, 4, b, 0, b.length);
        return b;
    }
}
