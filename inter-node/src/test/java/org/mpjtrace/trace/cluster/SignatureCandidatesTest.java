package org.mpjtrace.trace.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.mpjtrace.signatures.cluster.AcurdionChecks.ALL_OPTIONS;
import static org.mpjtrace.signatures.cluster.AcurdionChecks.buildFormats;
import static org.mpjtrace.signatures.cluster.AcurdionChecks.callPath;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.mpjtrace.signatures.cluster.BinomialTree;
import org.mpjtrace.signatures.cluster.ClusterOptions;
import org.mpjtrace.signatures.cluster.Metric;
import org.mpjtrace.signatures.cluster.Selector;
import org.mpjtrace.signatures.cluster.Signature;
import org.mpjtrace.signatures.cluster.SignatureSets;
import org.mpjtrace.signatures.cluster.SignatureVector;
import org.mpjtrace.signatures.cluster.Step;
import org.mpjtrace.trace.ranks.RankSet;

// In runtime, not inter-node or signatures: these tests use src-test-fixtures, which depends on both (a cycle there).
/** Mode acurdion's candidate lists (inter-node's SignatureCandidates), merged over the binomial tree as the ranks do. */
class SignatureCandidatesTest {
    private static final ClusterOptions SINGLE = new ClusterOptions(Metric.MANHATTAN, Step.SINGLE, Selector.FARTHEST);

    // ---- one merge ----------------------------------------------------------------------------------------

    @Test
    void equalProjectionsJoinUnderTheSmallerLeadAndKeepItsSignature() {
        SignatureVector a = SignatureSets.typical(SignatureSets.CP_STEP);
        SignatureVector aSlower = SignatureSets.with(a, Signature.COMP, 9e9); // differs outside the format only
        int format = Signature.CALL_PATH.bit() | Signature.SRC.bit();
        for (ClusterOptions options : ALL_OPTIONS) {
            SignatureCandidates merged = SignatureCandidates.of(4, a).merge(SignatureCandidates.of(1, aSlower), format, options, 9);
            assertEquals(1, merged.size());
            Cluster c = merged.result(format, 0).clusters().get(0);
            assertEquals(1, c.lead());
            assertEquals(RankSet.of(1, 4), c.members());
            assertEquals(aSlower, c.signature(), "the lead's signature");
            // the other way round: the smaller lead is in this node's own list
            Cluster d = SignatureCandidates.of(1, aSlower).merge(SignatureCandidates.of(4, a), format, options, 9).result(format, 0).clusters().get(0);
            assertEquals(c, d);
        }
    }

    @Test
    void differentProjectionsStaySeparateOrderedByLead() {
        SignatureVector a = SignatureSets.typical(SignatureSets.CP_STEP);
        SignatureVector b = SignatureSets.with(a, Signature.SRC, 1);
        int format = Signature.SRC.bit();
        SignatureCandidates merged = SignatureCandidates.of(2, b).merge(SignatureCandidates.of(3, a), format, ClusterOptions.DEFAULT, 9)
                .merge(SignatureCandidates.of(0, a), format, ClusterOptions.DEFAULT, 9);
        Clustering result = merged.result(format, 7);
        assertArrayEquals(new int[] {0, 2}, result.leads());
        assertEquals(RankSet.of(0, 3), result.clusters().get(0).members());
        assertEquals(RankSet.of(2), result.clusters().get(1).members());
        assertEquals(format, result.format());
        assertEquals(7, result.nanos());
    }

    @Test
    void aRankMergedTwiceIsRefused() {
        SignatureVector a = SignatureSets.typical(SignatureSets.CP_STEP);
        SignatureCandidates two = SignatureCandidates.of(1, a).merge(SignatureCandidates.of(2, a), 0, ClusterOptions.DEFAULT, 9);
        assertThrows(IllegalArgumentException.class, () -> two.merge(SignatureCandidates.of(2, a), 0, ClusterOptions.DEFAULT, 9));
        assertThrows(IllegalArgumentException.class, () -> SignatureCandidates.of(1, a).merge(two, 0, ClusterOptions.DEFAULT, 9));
    }

    @Test
    void moreThanKCandidatesAreReducedToKOrOnePerCallPath() {
        Random random = new Random(41);
        for (int round = 0; round < 200; round++) {
            int n = 2 + random.nextInt(30);
            int k = 1 + random.nextInt(8);
            SignatureVector[] set = SignatureSets.random(n, 1 + random.nextInt(10), 3, random.nextLong());
            int format = buildFormats(set)[0];
            for (ClusterOptions options : ALL_OPTIONS) {
                // one node that takes in every other rank as a child of its own
                SignatureCandidates node = SignatureCandidates.of(0, set[0]);
                for (int r = 1; r < n; r++) {
                    node = node.merge(SignatureCandidates.of(r, set[r]), format, options, k);
                    int paths = SignatureSets.callPathCount(java.util.Arrays.copyOf(set, r + 1));
                    int bound = options.step() == Step.DOUBLE ? Math.max(k, paths) : k;
                    assertTrue(node.size() <= bound, "round " + round + ", " + options.describe() + ": " + node.size() + " > " + bound);
                }
                assertCoversOnce(node.result(format, 0), n);
            }
        }
    }

    // ---- over the binomial tree ------------------------------------------------------------------------------

    /** What one run over the tree found: the root's clustering and the most candidates any node held at once. */
    private record TreeRun(Clustering result, int mostHeld) {}

    /**
     * Every rank starts with itself; children (nearest first) send their lists up, encoded and decoded as
     * on the wire, and the parent merges each in turn. Checks at every merge: the node and its child
     * together hold at most 2 * max(K, Call-Paths) + 1 candidates; afterwards at most K (double-step:
     * max(K, Call-Paths of the subtree)); the node covers exactly its subtree so far; the child's list
     * survives the wire unchanged.
     */
    private static TreeRun overTheTree(SignatureVector[] set, ClusterOptions options, int k) {
        int p = set.length;
        int format = buildFormats(set)[0];
        SignatureCandidates[] node = new SignatureCandidates[p];
        int mostHeld = 1;
        for (int r = p - 1; r >= 0; r--) {
            node[r] = SignatureCandidates.of(r, set[r]);
            int covered = 1;
            for (int child : BinomialTree.children(r, p)) {
                SignatureCandidates sent = SignatureCandidates.decode(node[child].encode(), p);
                assertEquals(node[child], sent, "the wire keeps the list of " + child);
                int held = node[r].size() + sent.size();
                mostHeld = Math.max(mostHeld, held);
                covered += BinomialTree.subtreeSize(child, p);
                int paths = SignatureSets.callPathCount(java.util.Arrays.copyOfRange(set, r, r + covered));
                int keep = options.step() == Step.DOUBLE ? Math.max(k, paths) : k;
                assertTrue(held <= 2 * keep + 1, "P " + p + ": rank " + r + " holds " + held + " taking in " + child);
                node[r] = node[r].merge(sent, format, options, k);
                assertTrue(node[r].size() <= keep, "P " + p + ": rank " + r + " keeps " + node[r].size() + " > " + keep);
                assertEquals(RankSet.range(r, covered, 1), node[r].ranks(), "P " + p + ": rank " + r + " covers its subtree so far");
            }
        }
        return new TreeRun(node[0].result(format, 0), mostHeld);
    }

    @Test
    void overTheTreeEveryNodeHoldsAtMost2KPlus1AndTheResultCoversEveryRankOnce() {
        Random random = new Random(42);
        List<Integer> sizes = new ArrayList<>();
        for (int p = 1; p <= 40; p++) sizes.add(p);
        for (int p : new int[] {63, 64, 65, 100, 127, 128, 129, 200, 255, 256, 257, 511, 512, 513, 777, 1000, 1023, 1024}) sizes.add(p);
        for (int p : sizes) {
            for (int k : new int[] {1, 2, 4, 9}) {
                ClusterOptions options = ALL_OPTIONS.get(random.nextInt(ALL_OPTIONS.size()));
                // at most k Call-Paths, so the bound is 2K + 1 whatever the step
                SignatureVector[] set = SignatureSets.random(p, k, 2 + random.nextInt(3), random.nextLong());
                TreeRun run = overTheTree(set, options, k);
                String what = "P " + p + ", k " + k + ", " + options.describe();
                assertTrue(run.mostHeld() <= 2 * k + 1, what + ": a node held " + run.mostHeld());
                assertTrue(run.result().clusters().size() <= k, what);
                assertCoversOnce(run.result(), p);
                if (options.step() == Step.DOUBLE) assertCallPathsApart(run.result(), set, what);
            }
        }
    }

    @Test
    void underDoubleStepMoreCallPathsThanKAreKeptApartOverTheTree() {
        Random random = new Random(43);
        for (int p : new int[] {7, 33, 100, 256, 1000}) {
            for (int k : new int[] {1, 3}) {
                SignatureVector[] set = SignatureSets.random(p, 8, 2, random.nextLong());
                TreeRun run = overTheTree(set, ClusterOptions.DEFAULT, k);
                assertEquals(SignatureSets.callPathCount(set), run.result().clusters().size(), "P " + p + ", k " + k + ": one lead per Call-Path");
                assertCoversOnce(run.result(), p);
                assertCallPathsApart(run.result(), set, "P " + p);
            }
        }
    }

    @Test
    void theNoiseFreeStencilEndsAsItsBoundaryClassesLedByTheirLowestRanks() {
        TreeRun run = overTheTree(SignatureSets.gridStencil4x4(), ClusterOptions.DEFAULT, 9);
        assertArrayEquals(new int[] {0, 1, 3, 4, 5, 7, 12, 13, 15}, run.result().leads());
        assertEquals(RankSet.of(5, 6, 9, 10), run.result().clusterOf(5).members());
        assertEquals(RankSet.of(1, 2), run.result().clusterOf(2).members());
    }

    @Test
    void aNoisyStencilStillEndsAsItsBoundaryClassesOverTheTree() {
        for (int s : new int[] {4, 5, 8, 16, 32}) {
            SignatureVector[] grid = SignatureSets.gridStencil(s, 0.1, s);
            for (ClusterOptions options : ALL_OPTIONS) {
                Clustering result = overTheTree(grid, options, 9).result();
                String what = s + " x " + s + ", " + options.describe();
                assertEquals(9, result.clusters().size(), what);
                for (Cluster c : result.clusters()) {
                    int lead = SignatureSets.stencilClass(c.lead(), s);
                    c.members().forEach(r -> assertEquals(lead, SignatureSets.stencilClass(r, s), what + ": rank " + r + " with lead " + c.lead()));
                }
            }
        }
    }

    @Test
    void theCgTransposeKeepsItsDiagonalApartUnderDoubleStepOverTheTree() {
        for (int s : new int[] {2, 3, 4, 6, 10, 32}) {
            SignatureVector[] cg = SignatureSets.cgTranspose(s);
            for (int k : new int[] {1, 2, 9}) {
                Clustering result = overTheTree(cg, ClusterOptions.DEFAULT, k).result();
                assertCallPathsApart(result, cg, s + " x " + s + ", k " + k);
                assertCoversOnce(result, s * s);
                assertEquals(Math.min(s * s, Math.max(k, 2)), result.clusters().size(), s + " x " + s + ", k " + k);
            }
            Clustering one = overTheTree(cg, SINGLE, 1).result();
            assertEquals(1, one.clusters().size(), "single-step, k 1: one cluster for both Call-Paths");
        }
    }

    // ---- the wire form ---------------------------------------------------------------------------------------

    @Test
    void encodeDecodeRoundTrips() {
        Random random = new Random(44);
        for (int round = 0; round < 100; round++) {
            int p = 1 + random.nextInt(300);
            SignatureVector[] set = SignatureSets.random(p, 1 + random.nextInt(4), 1 + random.nextInt(3), random.nextLong());
            SignatureCandidates root = rootList(set, ALL_OPTIONS.get(round % ALL_OPTIONS.size()), 1 + random.nextInt(9));
            byte[] bytes = root.encode();
            SignatureCandidates back = SignatureCandidates.decode(bytes, p);
            assertEquals(root, back);
            assertEquals(root.hashCode(), back.hashCode());
            assertArrayEquals(bytes, back.encode());
            assertEquals(RankSet.range(0, p, 1), back.ranks());
        }
        SignatureCandidates leaf = SignatureCandidates.of(6, SignatureSets.typical(3));
        assertEquals(leaf, SignatureCandidates.decode(leaf.encode(), 7));
        assertThrows(IllegalArgumentException.class, () -> SignatureCandidates.decode(leaf.encode(), 6), "rank 6 is outside a world of 6");
    }

    @Test
    void everyTruncationAndEveryExtensionIsRejected() {
        SignatureCandidates list = rootList(SignatureSets.random(60, 3, 3, 45), ClusterOptions.DEFAULT, 5);
        byte[] bytes = list.encode();
        for (int cut = 0; cut < bytes.length; cut++) {
            byte[] prefix = java.util.Arrays.copyOf(bytes, cut);
            assertRejected(prefix, 60);
        }
        for (int extra = 1; extra <= 100; extra++) assertRejected(java.util.Arrays.copyOf(bytes, bytes.length + extra), 60);
        assertRejected(new byte[0], 60);
    }

    @Test
    void garbledBytesDecodeOrFailWithIllegalArgumentExceptionOnly() {
        Random random = new Random(46);
        List<byte[]> samples = new ArrayList<>();
        for (int p : new int[] {1, 2, 5, 16, 64, 300}) {
            samples.add(rootList(SignatureSets.random(p, 2, 3, p), ClusterOptions.DEFAULT, 4).encode());
            samples.add(rootList(SignatureSets.gridStencil(4, 0.1, p), SINGLE, 3).encode());
        }
        int rejected = 0, accepted = 0;
        for (int round = 0; round < 30_000; round++) {
            byte[] sample = samples.get(random.nextInt(samples.size()));
            byte[] garbled = mutate(sample, random);
            int world = random.nextInt(4) == 0 ? 1 + random.nextInt(400) : 300;
            try {
                SignatureCandidates decoded = SignatureCandidates.decode(garbled, world);
                accepted++;
                // what is accepted is a well-formed list: disjoint clusters inside the world, each lead a member
                Clustering c = decoded.result(0, 0);
                assertEquals(c.ranks().size(), c.clusters().stream().mapToInt(x -> x.members().size()).sum());
                assertTrue(c.ranks().max() < world);
                assertEquals(decoded, SignatureCandidates.decode(decoded.encode(), world), "and survives another round trip");
            } catch (IllegalArgumentException expected) {
                rejected++;
                assertTrue(expected.getMessage() != null && !expected.getMessage().isEmpty());
            } catch (Throwable other) {
                fail("decode threw " + other + " for world " + world + " and bytes " + HexFormat.of().formatHex(garbled), other);
            }
        }
        assertTrue(rejected > 1000 && accepted > 100, rejected + " rejected, " + accepted + " accepted");
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    private static SignatureCandidates rootList(SignatureVector[] set, ClusterOptions options, int k) {
        int p = set.length;
        int format = buildFormats(set)[0];
        SignatureCandidates[] node = new SignatureCandidates[p];
        for (int r = p - 1; r >= 0; r--) {
            node[r] = SignatureCandidates.of(r, set[r]);
            for (int child : BinomialTree.children(r, p)) node[r] = node[r].merge(node[child], format, options, k);
        }
        return node[0];
    }

    /** One to three byte changes, a truncation, an insertion or a splice of two halves. */
    private static byte[] mutate(byte[] bytes, Random random) {
        byte[] out = bytes.clone();
        switch (random.nextInt(5)) {
            case 0, 1 -> {
                int changes = 1 + random.nextInt(3);
                for (int i = 0; i < changes; i++) {
                    int at = random.nextInt(out.length);
                    if (random.nextBoolean()) out[at] ^= (byte) (1 << random.nextInt(8));
                    else out[at] = (byte) random.nextInt(256);
                }
            }
            case 2 -> out = java.util.Arrays.copyOf(out, random.nextInt(out.length));
            case 3 -> {
                int at = random.nextInt(out.length + 1);
                byte[] grown = new byte[out.length + 1 + random.nextInt(8)];
                System.arraycopy(out, 0, grown, 0, at);
                for (int i = at; i < at + grown.length - out.length; i++) grown[i] = (byte) random.nextInt(256);
                System.arraycopy(out, at, grown, at + grown.length - out.length, out.length - at);
                out = grown;
            }
            default -> {
                // the count of a bigger list in front of a smaller one's entries, or the other way round
                int at = 4 + random.nextInt(Math.max(1, out.length - 4));
                out[random.nextInt(4)] = (byte) random.nextInt(256);
                out = java.util.Arrays.copyOf(out, Math.min(out.length, at));
            }
        }
        return out;
    }

    private static void assertRejected(byte[] bytes, int world) {
        try {
            SignatureCandidates.decode(bytes, world);
            fail("accepted " + bytes.length + " bytes: " + HexFormat.of().formatHex(bytes));
        } catch (IllegalArgumentException expected) {
            // the one exception decode may throw
        } catch (Throwable other) {
            fail("decode threw " + other + " for " + HexFormat.of().formatHex(bytes), other);
        }
    }

    private static void assertCoversOnce(Clustering result, int p) {
        int total = 0;
        Set<Integer> leads = new HashSet<>();
        for (Cluster c : result.clusters()) {
            total += c.members().size();
            assertTrue(c.members().contains(c.lead()));
            assertTrue(leads.add(c.lead()));
        }
        assertEquals(p, total, "no rank in two clusters");
        assertEquals(RankSet.range(0, p, 1), result.ranks(), "every rank in a cluster");
    }

    private static void assertCallPathsApart(Clustering result, SignatureVector[] set, String what) {
        for (Cluster c : result.clusters()) {
            long cp = callPath(set[c.lead()]);
            assertEquals(cp, callPath(c.signature()), what + ": the cluster carries its lead's signature");
            c.members().forEach(r -> assertEquals(cp, callPath(set[r]), what + ": rank " + r + " in the cluster of " + c.lead()));
        }
    }
}
