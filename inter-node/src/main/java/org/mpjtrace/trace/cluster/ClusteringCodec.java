package org.mpjtrace.trace.cluster;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.signatures.cluster.Signature;
import org.mpjtrace.signatures.cluster.SignatureFormat;
import org.mpjtrace.signatures.cluster.SignatureVector;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * A clustering as the bytes the root of the clustering tree broadcasts to every rank: absolute flag,
 * time, signature format, cluster count, then per cluster its lead, members (RankSet notation),
 * Call-Path, src and dest, and a flag followed by the eleven signature words when it has them.
 */
public final class ClusteringCodec {
    private ClusteringCodec() {}

    public static byte[] encode(Clustering c) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeBoolean(c.absoluteEndpoints());
            out.writeLong(c.nanos());
            out.writeInt(c.format());
            out.writeInt(c.clusters().size());
            for (Cluster k : c.clusters()) {
                out.writeInt(k.lead());
                k.members().writeAsBuilt(out);
                out.writeLong(k.callPath());
                out.writeDouble(k.src());
                out.writeDouble(k.dest());
                out.writeBoolean(k.signature() != null);
                if (k.signature() != null) for (long w : k.signature().words()) out.writeLong(w);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: cannot happen
        }
        return bytes.toByteArray();
    }

    /** @throws IllegalArgumentException one line saying what is wrong with the bytes */
    public static Clustering decode(byte[] bytes, int worldSize) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            boolean absolute = in.readBoolean();
            long nanos = in.readLong();
            int format = in.readInt();
            if (!SignatureFormat.valid(format)) throw new IllegalArgumentException("clustering message has signature format " + Integer.toHexString(format));
            int n = in.readInt();
            if (n < 1 || n > worldSize) throw new IllegalArgumentException("clustering of " + n + " clusters in a " + worldSize + "-rank job");
            List<Cluster> clusters = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                int lead = in.readInt();
                RankSet members = RankSet.read(in, worldSize);
                long callPath = in.readLong();
                double src = in.readDouble(), dest = in.readDouble();
                SignatureVector signature = in.readBoolean() ? readSignature(in) : null;
                clusters.add(new Cluster(lead, members, callPath, src, dest, signature));
            }
            if (in.available() > 0) throw new IllegalArgumentException("clustering message has " + in.available() + " bytes too many");
            return new Clustering(clusters, absolute, nanos, format);
        } catch (IOException e) {
            throw new IllegalArgumentException("clustering message cut short or malformed: " + e.getMessage());
        }
    }

    /** The eleven words of a signature vector; {@link SignatureVector#ofWords} rejects a mean that is not finite. */
    static SignatureVector readSignature(DataInputStream in) throws IOException {
        long[] words = new long[Signature.values().length];
        for (int i = 0; i < words.length; i++) words[i] = in.readLong();
        return SignatureVector.ofWords(words);
    }
}
