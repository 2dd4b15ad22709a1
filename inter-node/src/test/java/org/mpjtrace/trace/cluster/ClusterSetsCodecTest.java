package org.mpjtrace.trace.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.ranks.RankSet;

/** The byte form: its round trip, and one-line IllegalArgumentExceptions for every kind of damage. */
class ClusterSetsCodecTest {

    private static final ClusterSets GRID = BinomialTree.reduce(Workloads.stencil(8, 8), 4);

    @Test
    void roundTripKeepsEverything() {
        for (ClusterSets sets : List.of(GRID, BinomialTree.reduce(Workloads.masterWorker(16), 9),
                ClusterSets.of(new RankSignature(3, -5, 0.25, -1e300, 3, 0)))) {
            int world = sets.ranks().max() + 1;
            ClusterSets back = ClusterSets.decode(sets.encode(), world);
            assertEquals(sets, back);
            assertEquals(sets.ranks(), back.ranks());
            assertEquals(sets.result(0), back.result(0));
        }
        assertFalse(GRID.absolute().exact(), "the exact flag travels too");
    }

    @Test
    void everyTruncationIsRefused() {
        byte[] bytes = GRID.encode();
        for (int length = 0; length < bytes.length; length++) {
            refused(Arrays.copyOf(bytes, length), 64);
        }
    }

    @Test
    void randomDamageNeverThrowsAnythingElse() {
        byte[] bytes = GRID.encode();
        Random random = new Random(11);
        for (int round = 0; round < 20_000; round++) {
            byte[] damaged = bytes.clone();
            int flips = 1 + random.nextInt(3);
            for (int f = 0; f < flips; f++) damaged[random.nextInt(damaged.length)] = (byte) random.nextInt(256);
            decodesOrRefuses(damaged, 64);
            byte[] garbage = new byte[random.nextInt(80)];
            random.nextBytes(garbage);
            decodesOrRefuses(garbage, 64);
        }
    }

    @Test
    void ranksOutsideTheWorldAreRefused() {
        refused(GRID.encode(), 63);
        assertThrows(IllegalArgumentException.class, () -> ClusterSets.decode(GRID.encode(), 0));
    }

    @Test
    void aHugeCountIsRefusedBeforeAllocating() throws IOException {
        String message = refused(forge(out -> {
            out.writeByte(1);
            out.writeInt(Integer.MAX_VALUE);
        }), 64);
        assertTrue(message.contains("2147483647 entries"), message);
        refused(forge(out -> {
            out.writeByte(1);
            out.writeInt(0);
        }), 64);
    }

    @Test
    void brokenInvariantsAreRefused() throws IOException {
        // exact flag 2
        refused(forge(out -> list(out, 2, entry(1, 0, 0, 0, RankSet.single(0)))), 4);
        // NaN end-point
        refused(forge(out -> list(out, 1, entry(1, Double.NaN, 0, 0, RankSet.single(0)))), 4);
        // lead outside its members
        refused(forge(out -> list(out, 1, entry(1, 0, 0, 1, RankSet.single(0)))), 4);
        // bytes after the lists
        byte[] good = ClusterSets.of(new RankSignature(0, 1, 0, 0, 0, 0)).encode();
        ClusterSets.decode(good, 4);
        refused(Arrays.copyOf(good, good.length + 1), 4);
        // leads not ascending, repeated signatures, overlapping members, lists over different ranks
        refused(twoEntries(new ClusterSignature(1, 0, 0), 2, RankSet.single(2), new ClusterSignature(1, 1, 1), 1, RankSet.single(1)), 4);
        refused(twoEntries(new ClusterSignature(1, 0, 0), 1, RankSet.single(1), new ClusterSignature(1, 0, 0), 2, RankSet.single(2)), 4);
        refused(twoEntries(new ClusterSignature(1, 0, 0), 1, RankSet.of(1, 2), new ClusterSignature(1, 1, 1), 2, RankSet.single(2)), 4);
        CandidateList one = CandidateList.of(new Candidate(new ClusterSignature(1, 0, 0), 1, RankSet.single(1)));
        CandidateList other = CandidateList.of(new Candidate(new ClusterSignature(1, 0, 0), 2, RankSet.single(2)));
        refused(new ClusterSets(one, other, RankSet.single(1)).encode(), 4);
    }

    /** The same two entries in both lists. */
    private static byte[] twoEntries(ClusterSignature s1, int lead1, RankSet m1, ClusterSignature s2, int lead2, RankSet m2) {
        CandidateList list = new CandidateList(List.of(new Candidate(s1, lead1, m1), new Candidate(s2, lead2, m2)), true);
        return new ClusterSets(list, list, m1.union(m2)).encode();
    }

    private static String refused(byte[] bytes, int world) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ClusterSets.decode(bytes, world));
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e.getMessage();
    }

    private static void decodesOrRefuses(byte[] bytes, int world) {
        try {
            ClusterSets.decode(bytes, world);
        } catch (IllegalArgumentException e) {
            assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        }
    }

    /** Two copies of one list with a single entry, written by the caller. */
    private static void list(DataOutputStream out, int exact, Writer entry) throws IOException {
        for (int copy = 0; copy < 2; copy++) {
            out.writeByte(exact);
            out.writeInt(1);
            entry.write(out);
        }
    }

    private static Writer entry(long callPath, double src, double dest, int lead, RankSet members) {
        return out -> {
            out.writeLong(callPath);
            out.writeDouble(src);
            out.writeDouble(dest);
            out.writeInt(lead);
            members.write(out);
        };
    }

    private static byte[] forge(Writer writer) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        writer.write(out);
        out.flush();
        return bytes.toByteArray();
    }

    /** Writes part of a forged message. */
    private interface Writer {
        void write(DataOutputStream out) throws IOException;
    }
}
