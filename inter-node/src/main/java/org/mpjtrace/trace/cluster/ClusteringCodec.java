package org.mpjtrace.trace.cluster;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * A clustering as the bytes the root of the clustering tree broadcasts to every rank: absolute flag,
 * time, cluster count, then per cluster its lead, members (RankSet notation), Call-Path, src and dest.
 */
public final class ClusteringCodec {
    private ClusteringCodec() {}

    public static byte[] encode(Clustering c) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeBoolean(c.absoluteEndpoints());
            out.writeLong(c.nanos());
            out.writeInt(c.clusters().size());
            for (Cluster k : c.clusters()) {
                out.writeInt(k.lead());
                k.members().write(out);
                out.writeLong(k.callPath());
                out.writeDouble(k.src());
                out.writeDouble(k.dest());
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
            int n = in.readInt();
            if (n < 1 || n > worldSize) throw new IllegalArgumentException("clustering of " + n + " clusters in a " + worldSize + "-rank job");
            List<Cluster> clusters = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                int lead = in.readInt();
                RankSet members = RankSet.read(in, worldSize);
                clusters.add(new Cluster(lead, members, in.readLong(), in.readDouble(), in.readDouble()));
            }
            if (in.available() > 0) throw new IllegalArgumentException("clustering message has " + in.available() + " bytes too many");
            return new Clustering(clusters, absolute, nanos);
        } catch (IOException e) {
            throw new IllegalArgumentException("clustering message cut short or malformed: " + e.getMessage());
        }
    }
}
