package org.mpjtrace.trace.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.MarkerChoice;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerReason;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.cluster.MarkerState;
import org.mpjtrace.trace.io.serial.MarkerLogSerializer;
import org.mpjtrace.trace.io.value.CorruptDataException;
import org.mpjtrace.trace.io.value.RankSetIo;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * Version 21's marker log: a cluster's Call-Path equal to the cluster before's and a dest equal to its
 * src are flags, and marker auto's reasons are their figures; all of it reads back as written, the
 * sentences included, and what a damaged log could claim is refused.
 */
class MarkerLogLayoutTest {
    private static final long PATH = 0x1234_5678_9abc_def0L;

    /** Four clusters of eight ranks: three share a Call-Path, two have dest equal to src. */
    private static MarkerLog log(MarkerChoice... choices) {
        Clustering c = new Clustering(List.of(new Cluster(0, RankSet.of(0, 1), PATH, 2.5, 2.5), new Cluster(2, RankSet.of(2, 3), PATH, 1.0 / 3, -1.0 / 3),
                new Cluster(4, RankSet.of(4, 5), PATH, -0.0, 0.0), new Cluster(6, RankSet.of(6, 7), ~PATH, -2.5, -2.5)), false, 1234);
        List<MarkerRecord> records = List.of(new MarkerRecord(1, 4, MarkerState.AT, 0, -1, 0, 49_000, 204),
                new MarkerRecord(2, 5, MarkerState.C, 8, 0, 6832, 228_651_000L, 255));
        return new MarkerLog(8, List.of(c), records, true, List.of(choices), 12);
    }

    private static byte[] written(MarkerLog log) {
        Output out = new Output(4096, -1);
        new MarkerLogSerializer(21).write(null, out, log);
        return out.toBytes();
    }

    private static MarkerLog read(byte[] bytes) {
        return new MarkerLogSerializer(21).read(null, new Input(bytes), MarkerLog.class);
    }

    @Test
    void clustersAndReasonsReadBackAsWrittenWithTheirSentences() {
        MarkerChoice collectives = new MarkerChoice(4, 1, "Allreduce at Stencil2D.main:77", "", MarkerReason.collectives(false, 3, 1, 4), false);
        MarkerChoice changed = new MarkerChoice(90, 2, "Bcast at ShiftingLoops.main:45", "", MarkerReason.collectives(true, 6, 2, 90), false);
        MarkerChoice own = new MarkerChoice(0, 2, "Recv at Ring.main:37", "", MarkerReason.ownLoops(3, 2, 4, 64, 72), true);
        MarkerChoice text = new MarkerChoice(0, 2, "Recv at Ring.main:37", "", "", true);
        MarkerLog log = log(collectives, changed, own, text);
        MarkerLog back = read(written(log));
        assertEquals(log, back);
        assertEquals("on every rank the last 3 collectives on all ranks repeat every 1 (agreed at collective 4)", back.choices().get(0).reason());
        assertEquals("the loop's collectives changed; on every rank the last 6 collectives on all ranks repeat every 2 (agreed at collective 90)",
                back.choices().get(1).reason());
        assertTrue(back.choices().get(2).reason().contains("(the ranks' loops make 2 to 4 calls an iteration)")
                && back.choices().get(2).reason().endsWith("(rank 0 proposed at its call 64 and clustered at its call 72)"), back.choices().get(2).reason());
        // -0.0 and 0.0 are different doubles: that dest is written, and comes back as it was.
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(back.clusterings().get(0).clusters().get(2).dest()));
    }

    @Test
    void aSharedCallPathADestEqualToItsSrcAndFiguresEachSaveTheirBytes() {
        MarkerChoice figures = new MarkerChoice(4, 1, "Allreduce at Stencil2D.main:77", "", MarkerReason.collectives(false, 3, 1, 4), false);
        MarkerChoice sentence = new MarkerChoice(4, 1, "Allreduce at Stencil2D.main:77", "", figures.reason());
        // The figures: a kind byte and four one-byte varints, where the sentence took a kind byte and its characters (and Kryo's length).
        int saved = written(log(sentence)).length - written(log(figures)).length;
        assertTrue(saved >= figures.reason().length() - 4, saved + " bytes saved of a " + figures.reason().length() + "-character sentence");
        // Every cluster with a Call-Path of its own and dest apart from src: two Call-Paths and two dests more, 8 bytes each.
        MarkerLog shared = log(figures);
        Clustering c = shared.clusterings().get(0);
        List<Cluster> apart = new java.util.ArrayList<>();
        for (Cluster k : c.clusters()) apart.add(new Cluster(k.lead(), k.members(), PATH + k.lead(), k.src(), k.src() + 1));
        MarkerLog distinct = new MarkerLog(8, List.of(new Clustering(apart, false, 1234)), shared.records(), true, shared.choices(), 12);
        assertEquals(4 * 8, written(distinct).length - written(shared).length);
        assertEquals(distinct, read(written(distinct)));
    }

    private static byte[] damaged(Consumer<Output> firstCluster) {
        Output out = new Output(256, -1);
        out.writeVarInt(8, true);
        out.writeBoolean(true);
        out.writeVarInt(1, true); // one clustering
        out.writeBoolean(false);
        out.writeVarLong(0, true);
        out.writeVarInt(Clustering.CHAMELEON_FORMAT, true);
        out.writeVarInt(1, true); // one cluster
        out.writeVarInt(0, true);
        RankSetIo.write(out, RankSet.range(0, 8, 1));
        firstCluster.accept(out);
        out.writeBytes(new byte[64]);
        return out.toBytes();
    }

    @Test
    void aFirstClusterTakingTheCallPathBeforeItOrUnknownFlagsAreRefused() {
        CorruptDataException first = assertThrows(CorruptDataException.class, () -> read(damaged(out -> out.writeByte(2))));
        assertEquals("clustering 0's first cluster takes the Call-Path of the cluster before it", first.getMessage());
        CorruptDataException flags = assertThrows(CorruptDataException.class, () -> read(damaged(out -> out.writeByte(8))));
        assertEquals("cluster 0 of clustering 0 has flags 8", flags.getMessage());
    }

    @Test
    void aReasonOfUnknownKindOrImpossibleFiguresIsRefused() {
        MarkerChoice own = new MarkerChoice(0, 2, "Recv at Ring.main:37", "", MarkerReason.ownLoops(3, 2, 2, 64, 72), true);
        byte[] bytes = written(log(own));
        int kind = indexOfReason(bytes);
        byte[] unknown = bytes.clone();
        unknown[kind] = 7;
        assertEquals("marker choice 0 has reason kind 7", assertThrows(CorruptDataException.class, () -> read(unknown)).getMessage());
        byte[] inverted = bytes.clone();
        inverted[kind + 2] = 3; // least calls an iteration 3, most 2
        assertEquals("marker choice 0: an OWN_LOOPS reason's calls an iteration run from 3 to 2",
                assertThrows(CorruptDataException.class, () -> read(inverted)).getMessage());
    }

    /** Where the one choice's reason kind byte is: after "Recv at Ring.main:37" and the empty callers. */
    private static int indexOfReason(byte[] bytes) {
        byte[] site = "Recv at Ring.main:3".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (int i = 0; i + site.length < bytes.length; i++) {
            if (java.util.Arrays.equals(java.util.Arrays.copyOfRange(bytes, i, i + site.length), site))
                return i + site.length + 1 + 1; // Kryo's last ASCII char "7" with its end bit, the empty callers string
        }
        throw new AssertionError("site not found");
    }
}
