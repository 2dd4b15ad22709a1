package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.signatures.cluster.Signature;
import org.mpjtrace.signatures.cluster.SignatureFormat;
import org.mpjtrace.signatures.cluster.SignatureVector;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.MarkerChoice;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerReason;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.cluster.MarkerState;
import org.mpjtrace.trace.io.rules.TraceRules;
import org.mpjtrace.trace.io.value.CorruptDataException;
import org.mpjtrace.trace.io.value.Counts;
import org.mpjtrace.trace.io.value.RankSetIo;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * <pre>
 * marker log  worldSize varint, finished byte, clusterings, records
 * clustering  absolute byte, nanos varlong, format varint (signature bits), count varint, clusters
 * cluster     lead varint, members RankSet, then up to version 20: callPath long, src double, dest double,
 *             has-signature byte, then (if 1) the eleven signature words as longs; since version 21: a flags
 *             byte (1: the eleven signature words follow, 2: the callPath is the cluster before's in this
 *             clustering and is not written, 4: dest equals src and is not written), callPath long, src
 *             double, dest double, the signature words
 * record      index varint, markerCall varlong, state byte, changed varint, clustering varint (+1; 0 none),
 *             mergedCalls varlong, mergeNanos varlong
 * auto        (version 11 on) candidates varlong (+1; 0: not marker auto), choices varint, then per choice:
 *             collective varlong, period varint, site string, callers string, reason (up to version 20 a
 *             string; since version 21 a kind byte, then for 0 a string, else its figures as varlongs: see
 *             MarkerReason), ownLoops byte (version 17 on; 1: each rank's own loop, no collective)
 * positions   (version 18 on) per record, rankZeroCall varlong (+1; 0: not known)
 * </pre>
 * Reading checks that a clustering's clusters are disjoint and within the world, and that records name
 * existing clusterings.
 *
 * <p>Why version 21's flags and reasons: nine clusters of a 16-rank Stencil2D share one Call-Path and
 * have src equal to dest, and marker auto's reason was a sentence of 85 to 300 characters made of four or
 * five numbers. The marker log of that file (chameleon) went from 356 to about 270 deflated bytes.
 */
public final class MarkerLogSerializer extends Serializer<MarkerLog> {
    /** The first format version with marker auto's part. */
    static final int AUTO_VERSION = 11;
    /** The first format version whose marker choices say whether they are each rank's own loop. */
    static final int OWN_LOOPS_VERSION = 17;
    /** The first format version whose records say where among rank 0's calls they fell. */
    static final int POSITIONS_VERSION = 18;
    /** The first format version with the cluster flags and marker auto's reasons as figures. */
    static final int COMPACT_VERSION = 21;
    private static final int SIGNATURE = 1, SAME_CALL_PATH = 2, DEST_IS_SRC = 4;

    private final boolean readsAuto;
    private final boolean readsOwnLoops;
    private final boolean readsPositions;
    private final boolean readsCompact;

    /** @param version the format version of the file read (writing is always the current one) */
    public MarkerLogSerializer(int version) {
        this.readsAuto = version >= AUTO_VERSION;
        this.readsOwnLoops = version >= OWN_LOOPS_VERSION;
        this.readsPositions = version >= POSITIONS_VERSION;
        this.readsCompact = version >= COMPACT_VERSION;
    }

    @Override
    public void write(Kryo kryo, Output out, MarkerLog log) {
        out.writeVarInt(log.worldSize(), true);
        out.writeBoolean(log.finished());
        out.writeVarInt(log.clusterings().size(), true);
        for (Clustering c : log.clusterings()) {
            out.writeBoolean(c.absoluteEndpoints());
            out.writeVarLong(c.nanos(), true);
            out.writeVarInt(c.format(), true);
            out.writeVarInt(c.clusters().size(), true);
            Cluster before = null;
            for (Cluster k : c.clusters()) {
                out.writeVarInt(k.lead(), true);
                RankSetIo.write(out, k.members());
                boolean samePath = before != null && before.callPath() == k.callPath();
                boolean destIsSrc = Double.doubleToRawLongBits(k.dest()) == Double.doubleToRawLongBits(k.src());
                out.writeByte((k.signature() != null ? SIGNATURE : 0) | (samePath ? SAME_CALL_PATH : 0) | (destIsSrc ? DEST_IS_SRC : 0));
                if (!samePath) out.writeLong(k.callPath());
                out.writeDouble(k.src());
                if (!destIsSrc) out.writeDouble(k.dest());
                if (k.signature() != null) for (long w : k.signature().words()) out.writeLong(w);
                before = k;
            }
        }
        out.writeVarInt(log.records().size(), true);
        for (MarkerRecord r : log.records()) {
            out.writeVarInt(r.index(), true);
            out.writeVarLong(r.markerCall(), true);
            out.writeByte(r.state().code);
            out.writeVarInt(r.changedRanks(), true);
            out.writeVarInt(r.clustering() + 1, true);
            out.writeVarLong(r.mergedCalls(), true);
            out.writeVarLong(r.mergeNanos(), true);
        }
        out.writeVarLong(log.candidates() + 1, true);
        out.writeVarInt(log.choices().size(), true);
        for (MarkerChoice c : log.choices()) {
            out.writeVarLong(c.collective(), true);
            out.writeVarInt(c.period(), true);
            out.writeString(c.site());
            out.writeString(c.callers());
            MarkerReason why = c.why();
            out.writeByte(why.kind().code);
            if (why.kind() == MarkerReason.Kind.TEXT) out.writeString(why.text());
            else for (long f : why.figures()) out.writeVarLong(f, true);
            out.writeByte(c.ownLoops() ? 1 : 0);
        }
        for (MarkerRecord r : log.records()) out.writeVarLong(Math.max(-1, r.rankZeroCall()) + 1, true);
    }

    @Override
    public MarkerLog read(Kryo kryo, Input in, Class<? extends MarkerLog> type) {
        int size = in.readVarInt(true);
        String worldProblem = TraceRules.worldSizeProblem(size);
        if (worldProblem != null) throw new CorruptDataException("marker log: " + worldProblem);
        boolean finished = in.readBoolean();
        int n = Counts.read(in, 3, "clustering");
        List<Clustering> clusterings = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            boolean absolute = in.readBoolean();
            long nanos = nonNegative(in.readVarLong(true), "clustering time");
            int format = in.readVarInt(true);
            if (!SignatureFormat.valid(format)) throw new CorruptDataException("clustering " + i + " has signature format " + Integer.toHexString(format));
            int m = Counts.read(in, readsCompact ? 11 : 22, "cluster"); // fewest bytes a cluster takes: lead, ranks, (flags,) Call-Path, src, dest
            if (m == 0) throw new CorruptDataException("clustering " + i + " has no clusters");
            List<Cluster> clusters = new ArrayList<>(m);
            RankSet covered = RankSet.empty();
            Cluster before = null;
            for (int j = 0; j < m; j++) {
                int lead = in.readVarInt(true);
                RankSet members = RankSetIo.read(in, size);
                if (members.isEmpty() || !members.contains(lead))
                    throw new CorruptDataException("cluster " + j + " of clustering " + i + ": lead " + lead + " not among " + members);
                RankSet both = covered.union(members);
                if (both.size() != covered.size() + members.size())
                    throw new CorruptDataException("clustering " + i + ": ranks " + members + " in two clusters");
                covered = both;
                Cluster k = readsCompact ? compactCluster(in, lead, members, before, i, j) : fullCluster(in, lead, members, i, j);
                clusters.add(k);
                before = k;
            }
            clusterings.add(new Clustering(clusters, absolute, nanos, format));
        }
        int r = Counts.read(in, 7, "marker record");
        List<MarkerRecord> records = new ArrayList<>(r);
        for (int i = 0; i < r; i++) {
            int index = in.readVarInt(true);
            long call = nonNegative(in.readVarLong(true), "marker call");
            int code = in.readByte();
            MarkerState state = MarkerState.ofCode(code);
            if (state == null) throw new CorruptDataException("unknown marker state " + code);
            int changed = in.readVarInt(true);
            if (changed < 0 || changed > size) throw new CorruptDataException("marker " + index + ": " + changed + " changed ranks of " + size);
            int clustering = in.readVarInt(true) - 1;
            if (clustering < -1 || clustering >= n) throw new CorruptDataException("marker " + index + " names clustering " + clustering + " of " + n);
            long merged = nonNegative(in.readVarLong(true), "merged calls");
            long mergeNanos = nonNegative(in.readVarLong(true), "merge time");
            records.add(new MarkerRecord(index, call, state, changed, clustering, merged, mergeNanos));
        }
        if (!readsAuto) return new MarkerLog(size, clusterings, records, finished);
        long candidates = in.readVarLong(true) - 1;
        if (candidates < -1) throw new CorruptDataException("marker log: negative count of candidate collectives");
        int c = Counts.read(in, 5, "marker choice");
        List<MarkerChoice> choices = new ArrayList<>(c);
        for (int i = 0; i < c; i++) {
            long collective = nonNegative(in.readVarLong(true), "marker choice's collective");
            int period = in.readVarInt(true);
            if (period < 1) throw new CorruptDataException("marker choice " + i + " has period " + period);
            String site = text(in, "site"), callers = text(in, "callers");
            MarkerReason reason = readsCompact ? reason(in, i) : MarkerReason.text(text(in, "reason"));
            boolean ownLoops = false;
            if (readsOwnLoops) {
                byte b = in.readByte();
                if (b != 0 && b != 1) throw new CorruptDataException("marker choice " + i + " has loop kind " + b);
                ownLoops = b == 1;
            }
            choices.add(new MarkerChoice(collective, period, site, callers, reason, ownLoops));
        }
        if (readsPositions) {
            for (int i = 0; i < records.size(); i++) {
                long call = in.readVarLong(true) - 1;
                if (call < -1) throw new CorruptDataException("marker " + records.get(i).index() + " at rank 0's call " + call);
                MarkerRecord m = records.get(i);
                records.set(i, new MarkerRecord(m.index(), m.markerCall(), m.state(), m.changedRanks(), m.clustering(), m.mergedCalls(),
                        m.mergeNanos(), call));
            }
        }
        return new MarkerLog(size, clusterings, records, finished, choices, candidates);
    }

    /**
     * Kryo's string, its length checked against the bytes left before Kryo allocates for it: a UTF-8
     * string (its first byte flagged) starts with its char count, each char at least a byte; an ASCII one
     * ends at its last byte's mark, so it cannot claim more than the section holds.
     */
    private static String text(Input in, String what) {
        if (in.readVarIntFlag()) {
            int at = in.position();
            int chars = in.readVarIntFlag(true) - 1;
            if (chars < -1) throw new CorruptDataException("marker choice's " + what + " of " + Integer.toUnsignedString(chars) + " chars");
            Counts.require(in, Math.max(0, chars), 1, "marker choice's " + what + " char");
            in.setPosition(at);
        }
        String s = in.readString();
        if (s == null) throw new CorruptDataException("marker choice without its " + what);
        return s;
    }

    private static Cluster fullCluster(Input in, int lead, RankSet members, int clustering, int cluster) {
        long callPath = in.readLong();
        double src = in.readDouble(), dest = in.readDouble();
        return new Cluster(lead, members, callPath, src, dest, in.readBoolean() ? signature(in, clustering, cluster) : null);
    }

    private static Cluster compactCluster(Input in, int lead, RankSet members, Cluster before, int clustering, int cluster) {
        int flags = in.readByte();
        if ((flags & ~(SIGNATURE | SAME_CALL_PATH | DEST_IS_SRC)) != 0)
            throw new CorruptDataException("cluster " + cluster + " of clustering " + clustering + " has flags " + flags);
        if ((flags & SAME_CALL_PATH) != 0 && before == null)
            throw new CorruptDataException("clustering " + clustering + "'s first cluster takes the Call-Path of the cluster before it");
        long callPath = (flags & SAME_CALL_PATH) != 0 ? before.callPath() : in.readLong();
        double src = in.readDouble();
        double dest = (flags & DEST_IS_SRC) != 0 ? src : in.readDouble();
        return new Cluster(lead, members, callPath, src, dest, (flags & SIGNATURE) != 0 ? signature(in, clustering, cluster) : null);
    }

    private static MarkerReason reason(Input in, int choice) {
        int code = in.readByte();
        MarkerReason.Kind kind = MarkerReason.Kind.ofCode(code);
        if (kind == null) throw new CorruptDataException("marker choice " + choice + " has reason kind " + code);
        if (kind == MarkerReason.Kind.TEXT) return MarkerReason.text(text(in, "reason"));
        long[] figures = new long[kind.figures];
        for (int f = 0; f < figures.length; f++) figures[f] = in.readVarLong(true);
        String problem = MarkerReason.problem(kind, figures);
        if (problem != null) throw new CorruptDataException("marker choice " + choice + ": " + problem);
        return new MarkerReason(kind, null, figures);
    }

    private static SignatureVector signature(Input in, int clustering, int cluster) {
        long[] words = new long[Signature.values().length];
        for (int w = 0; w < words.length; w++) words[w] = in.readLong();
        try {
            return SignatureVector.ofWords(words);
        } catch (IllegalArgumentException e) {
            throw new CorruptDataException("cluster " + cluster + " of clustering " + clustering + ": " + e.getMessage());
        }
    }

    private static long nonNegative(long v, String what) {
        if (v < 0) throw new CorruptDataException("negative " + what);
        return v;
    }
}
