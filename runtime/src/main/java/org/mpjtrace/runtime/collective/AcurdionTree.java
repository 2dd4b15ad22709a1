package org.mpjtrace.runtime.collective;

import org.mpjtrace.runtime.config.TracerLog;
import org.mpjtrace.runtime.rank.RankContext;
import java.nio.ByteBuffer;
import org.mpjtrace.signatures.cluster.BinomialTree;
import org.mpjtrace.signatures.cluster.ClusterOptions;
import org.mpjtrace.signatures.cluster.Signature;
import org.mpjtrace.signatures.cluster.SignatureFormat;
import org.mpjtrace.signatures.cluster.SignatureVector;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.ClusteringCodec;
import org.mpjtrace.trace.cluster.SignatureCandidates;

/**
 * Mode acurdion's clustering over the binomial tree of all ranks on the private communicator, in two
 * sweeps up and down (ACURDION's Algorithms 1 and 2), each log2 P rounds of messages of O(K) entries:
 * <ol>
 *   <li>Adaptive Signature Building: each rank receives its children's signatures and formats, sets the
 *       bits where it differs from a child ({@link SignatureFormat}), sends its own signatures and the
 *       format up; rank 0 sends the final format back down.</li>
 *   <li>K-farthest: each rank merges its children's candidate lists into its own, keeping K
 *       ({@link SignatureCandidates}), and sends the result up; rank 0 sends the clustering back down.</li>
 * </ol>
 */
final class AcurdionTree {
    private static final int WORDS = Signature.values().length;
    /** A signature vector's bytes in a message: its eleven words, as longs. */
    static final int VECTOR_BYTES = 8 * WORDS;

    private AcurdionTree() {}

    static Clustering cluster(RankContext ctx, SignatureVector mine, ClusterOptions options, int k) throws ReflectiveOperationException {
        long start = System.nanoTime();
        int format = signatureFormat(ctx, mine);
        int[] children = BinomialTree.children(ctx.rank, ctx.size);
        SignatureCandidates candidates = SignatureCandidates.of(ctx.rank, mine);
        for (int child : children) {
            byte[] bytes = ctx.mpj.recvBytes(ctx.privateComm(), child, MessageTags.CANDIDATES_UP);
            candidates = candidates.merge(readable(ctx, bytes, child, format, options, k), format, options, k);
        }
        byte[] result;
        int parent = BinomialTree.parent(ctx.rank);
        if (parent < 0) {
            result = ClusteringCodec.encode(candidates.result(format, System.nanoTime() - start));
        } else {
            ctx.mpj.sendBytes(ctx.privateComm(), candidates.encode(), parent, MessageTags.CANDIDATES_UP);
            result = ctx.mpj.recvBytes(ctx.privateComm(), parent, MessageTags.CANDIDATES_DOWN);
        }
        TreeBroadcast.toChildren(ctx, children, result, MessageTags.CANDIDATES_DOWN);
        return ClusteringCodec.decode(result, ctx.size);
    }

    /** Adaptive Signature Building: the format every rank agrees on. */
    private static int signatureFormat(RankContext ctx, SignatureVector mine) throws ReflectiveOperationException {
        int format = 0;
        int[] children = BinomialTree.children(ctx.rank, ctx.size);
        for (int child : children) {
            ByteBuffer in = ByteBuffer.wrap(ctx.mpj.recvBytes(ctx.privateComm(), child, MessageTags.FORMAT_UP));
            try {
                if (in.remaining() != VECTOR_BYTES + 4) throw new IllegalArgumentException(in.remaining() + " bytes");
                SignatureVector theirs = getVector(in);
                int childFormat = in.getInt();
                if (!SignatureFormat.valid(childFormat)) throw new IllegalArgumentException("format " + Integer.toHexString(childFormat));
                format = SignatureFormat.withChild(format, mine, theirs, childFormat);
            } catch (RuntimeException e) {
                // A bug of ours; every signature then counts, which can only split clusters, never lose ranks.
                TracerLog.line("rank " + ctx.rank + ": the signatures of rank " + child + " could not be read (" + TracerLog.describe(e) + ")");
                format = Signature.ALL;
            }
        }
        int parent = BinomialTree.parent(ctx.rank);
        byte[] down;
        if (parent < 0) {
            down = ByteBuffer.allocate(4).putInt(format).array();
        } else {
            ByteBuffer up = ByteBuffer.allocate(VECTOR_BYTES + 4);
            putVector(up, mine);
            ctx.mpj.sendBytes(ctx.privateComm(), up.putInt(format).array(), parent, MessageTags.FORMAT_UP);
            down = ctx.mpj.recvBytes(ctx.privateComm(), parent, MessageTags.FORMAT_DOWN);
        }
        TreeBroadcast.toChildren(ctx, children, down, MessageTags.FORMAT_DOWN);
        return ByteBuffer.wrap(down).getInt();
    }

    /**
     * A child's candidates; if they cannot be read (a bug of ours), its subtree's ranks as candidates of
     * their own with all-zero signatures, so every rank still belongs to a cluster.
     */
    private static SignatureCandidates readable(RankContext ctx, byte[] bytes, int child, int format, ClusterOptions options, int k) {
        try {
            return SignatureCandidates.decode(bytes, ctx.size);
        } catch (RuntimeException e) {
            TracerLog.line("rank " + ctx.rank + ": the clusters of ranks from " + child + " could not be read (" + TracerLog.describe(e) + ")");
            SignatureVector unknown = SignatureVector.ofWords(new long[WORDS]);
            SignatureCandidates subtree = SignatureCandidates.of(child, unknown);
            for (int r = child + 1; r < child + BinomialTree.subtreeSize(child, ctx.size); r++)
                subtree = subtree.merge(SignatureCandidates.of(r, unknown), format, options, k);
            return subtree;
        }
    }

    /** Puts {@code v}'s words into {@code out} ({@link #VECTOR_BYTES}). */
    static void putVector(ByteBuffer out, SignatureVector v) {
        for (long w : v.words()) out.putLong(w);
    }

    /** The signature vector {@link #putVector} put at {@code in}'s position. */
    static SignatureVector getVector(ByteBuffer in) {
        long[] words = new long[WORDS];
        for (int i = 0; i < WORDS; i++) words[i] = in.getLong();
        return SignatureVector.ofWords(words);
    }
}
