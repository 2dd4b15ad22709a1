package org.mpjtrace.signatures.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpjtrace.signatures.cluster.AcurdionChecks.ALL_OPTIONS;
import static org.mpjtrace.signatures.cluster.AcurdionChecks.assertJoinsNearestLead;
import static org.mpjtrace.signatures.cluster.AcurdionChecks.callPath;
import static org.mpjtrace.signatures.cluster.AcurdionChecks.differingSignatures;
import static org.mpjtrace.signatures.cluster.AcurdionChecks.leadCount;
import static org.mpjtrace.signatures.cluster.AcurdionChecks.show;

import java.util.HashSet;
import java.util.Random;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

// In runtime, not signatures: these tests use src-test-fixtures, which depends on signatures (a cycle there).
/** ACURDION's lead selection at one node: K-farthest, K-medoids, single- and double-step. */
class AcurdionLeadsTest {
    private static final ClusterOptions FARTHEST_SINGLE = new ClusterOptions(Metric.MANHATTAN, Step.SINGLE, Selector.FARTHEST);
    private static final ClusterOptions FARTHEST_DOUBLE = ClusterOptions.DEFAULT;
    private static final ClusterOptions MEDOIDS_DOUBLE = new ClusterOptions(Metric.MANHATTAN, Step.DOUBLE, Selector.MEDOIDS);

    private static int[] select(SignatureVector[] set, ClusterOptions options, int k) {
        return AcurdionLeads.select(set, differingSignatures(set), options, k);
    }

    // ---- K-farthest: known extremes ---------------------------------------------------------------------

    @Test
    void onALineTheTwoEndsComeFirstThenTheMiddle() {
        SignatureVector[] line = SignatureSets.line(11);
        for (ClusterOptions options : farthestOptions()) {
            assertArrayEquals(new int[] {0, 0, 0, 0, 0, 0, 10, 10, 10, 10, 10}, select(line, options, 2), options.describe());
            assertArrayEquals(new int[] {0, 0, 0, 5, 5, 5, 5, 5, 10, 10, 10}, select(line, options, 3), options.describe());
        }
    }

    @Test
    void tiesGoToTheLowestIndex() {
        // 0 and 4 tie as farthest from the rest, and 2 is as near to 0 as to 4
        assertArrayEquals(new int[] {0, 0, 0, 4, 4}, select(SignatureSets.line(5), FARTHEST_DOUBLE, 2));
        // all alike: every distance ties, so the lowest indices lead and everyone joins the lowest
        SignatureVector[] same = SignatureSets.allEqual(5);
        assertArrayEquals(new int[] {0, 1, 0, 0, 0}, AcurdionLeads.select(same, Signature.ALL, FARTHEST_DOUBLE, 2));
        assertArrayEquals(new int[] {0, 1, 0, 0, 0}, AcurdionLeads.select(same, 0, FARTHEST_SINGLE, 2));
    }

    @Test
    void onAProcessGridTheFourCornersAreTheLeads() {
        int[][] shapes = {{3, 4}, {4, 3}, {4, 5}, {6, 4}, {2, 7}, {7, 2}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {7, 9}, {8, 8}};
        for (int[] shape : shapes) {
            int rows = shape[0], cols = shape[1];
            SignatureVector[] grid = SignatureSets.processGrid(rows, cols);
            Set<Integer> corners = Set.of(0, cols - 1, (rows - 1) * cols, rows * cols - 1);
            for (ClusterOptions options : farthestOptions()) {
                int[] leads = select(grid, options, 4);
                String what = rows + " x " + cols + ", " + options.describe() + ": " + show(leads);
                // Manhattan: lattice points inside the anti-diagonal tie with the last corner (see the fixture)
                if (options.metric() == Metric.EUCLIDEAN || gcd(rows - 1, cols - 1) == 1) assertEquals(corners, leadSet(leads), what);
                assertJoinsNearestLead(grid, differingSignatures(grid), options, leads, what);
            }
        }
    }

    @Test
    void underManhattanAnAntiDiagonalTieGoesToTheLowestIndex() {
        for (ClusterOptions options : farthestOptions()) {
            if (options.metric() != Metric.MANHATTAN) continue;
            assertEquals(Set.of(0, 3, 9, 15), leadSet(select(SignatureSets.processGrid(4, 4), options, 4)), options.describe());
            assertEquals(Set.of(0, 2, 4, 8), leadSet(select(SignatureSets.processGrid(3, 3), options, 4)), options.describe());
            assertEquals(Set.of(0, 4, 12, 24), leadSet(select(SignatureSets.processGrid(5, 5), options, 4)), options.describe());
        }
    }

    @Test
    void theStencilsDocumentedLeadsForKFour() {
        SignatureVector[] grid = SignatureSets.gridStencil4x4();
        for (ClusterOptions options : farthestOptions())
            assertArrayEquals(new int[] {0, 1, 1, 1, 5, 5, 5, 5, 5, 5, 5, 5, 15, 15, 15, 15}, select(grid, options, 4), options.describe());
    }

    @Test
    void withNineLeadsTheStencilsClustersAreItsBoundaryClassesWhateverTheTimingNoise() {
        for (int s = 4; s <= 9; s++) {
            for (long seed = 0; seed < 3; seed++) {
                SignatureVector[] grid = SignatureSets.gridStencil(s, 0.2, seed);
                for (ClusterOptions options : ALL_OPTIONS) {
                    int[] leads = select(grid, options, 9);
                    String what = s + " x " + s + ", seed " + seed + ", " + options.describe() + ": " + show(leads);
                    assertEquals(9, leadCount(leads), what);
                    Set<Integer> classes = new HashSet<>();
                    for (int r = 0; r < grid.length; r++) {
                        assertEquals(SignatureSets.stencilClass(r, s), SignatureSets.stencilClass(leads[r], s), what + ": rank " + r);
                        if (leads[r] == r) classes.add(SignatureSets.stencilClass(r, s));
                    }
                    assertEquals(9, classes.size(), what);
                }
            }
        }
    }

    // ---- every non-lead joins its nearest lead; double-step keeps Call-Paths apart ----------------------

    @Test
    void onRandomSetsEveryOptionKeepsItsContract() {
        Random random = new Random(31);
        for (int round = 0; round < 400; round++) {
            int n = 1 + random.nextInt(60);
            int paths = 1 + random.nextInt(12);
            int k = 1 + random.nextInt(12);
            SignatureVector[] set = SignatureSets.random(n, paths, 1 + random.nextInt(4), random.nextLong());
            int format = differingSignatures(set);
            int callPaths = SignatureSets.callPathCount(set);
            for (ClusterOptions options : ALL_OPTIONS) {
                String what = "round " + round + ", n " + n + ", k " + k + ", " + callPaths + " Call-Paths, " + options.describe();
                int[] leads = AcurdionLeads.select(set, format, options, k);
                assertJoinsNearestLead(set, format, options, leads, what);
                assertArrayEquals(leads, AcurdionLeads.select(set.clone(), format, options, k), what + ": same input, same answer");
                if (options.step() == Step.DOUBLE) {
                    // K grows to the number of Call-Paths, never two Call-Paths in one cluster
                    assertEquals(Math.min(n, Math.max(k, callPaths)), leadCount(leads), what);
                    for (int i = 0; i < n; i++) assertEquals(callPath(set[i]), callPath(set[leads[i]]), what + ": " + i + " joined another Call-Path");
                } else {
                    assertEquals(Math.min(n, k), leadCount(leads), what);
                }
            }
        }
    }

    @Test
    void singleStepWithAtLeastOneLeadPerCallPathCoversEveryCallPath() {
        Random random = new Random(32);
        for (int round = 0; round < 400; round++) {
            int n = 2 + random.nextInt(50);
            SignatureVector[] set = SignatureSets.random(n, 1 + random.nextInt(8), 1 + random.nextInt(4), random.nextLong());
            int callPaths = SignatureSets.callPathCount(set);
            int k = callPaths + random.nextInt(4);
            for (ClusterOptions options : ALL_OPTIONS) {
                if (options.step() != Step.SINGLE) continue;
                int[] leads = select(set, options, k);
                Set<Long> led = new HashSet<>();
                for (int i = 0; i < n; i++) if (leads[i] == i) led.add(callPath(set[i]));
                assertEquals(callPaths, led.size(), "round " + round + ", k " + k + ", " + options.describe() + ": " + show(leads));
                for (int i = 0; i < n; i++) assertEquals(callPath(set[i]), callPath(set[leads[i]]), "round " + round + ": rank " + i);
            }
        }
    }

    @Test
    void singleStepWithFewerLeadsThanCallPathsMergesCallPathsWhereDoubleStepDoesNot() {
        Random random = new Random(33);
        int mixed = 0;
        for (int round = 0; round < 200; round++) {
            SignatureVector[] set = SignatureSets.random(10 + random.nextInt(40), 4 + random.nextInt(6), 2, random.nextLong());
            int callPaths = SignatureSets.callPathCount(set);
            if (callPaths < 2) continue;
            int k = 1 + random.nextInt(callPaths - 1);
            int[] single = select(set, FARTHEST_SINGLE, k);
            int[] twice = select(set, FARTHEST_DOUBLE, k);
            assertEquals(k, leadCount(single));
            assertEquals(callPaths, leadCount(twice), "double-step grows K to the Call-Paths");
            boolean merged = false;
            for (int i = 0; i < set.length; i++) merged |= callPath(set[i]) != callPath(set[single[i]]);
            assertTrue(merged, "round " + round + ": " + k + " leads for " + callPaths + " Call-Paths must share");
            mixed++;
        }
        assertTrue(mixed > 100);
    }

    @Test
    void onTheCgTransposeTheDiagonalKeepsItsOwnLeadsUnderDoubleStep() {
        for (int s = 2; s <= 8; s++) {
            SignatureVector[] cg = SignatureSets.cgTranspose(s);
            for (int k = 1; k <= 12; k++) {
                for (ClusterOptions options : ALL_OPTIONS) {
                    int[] leads = select(cg, options, k);
                    String what = s + " x " + s + ", k " + k + ", " + options.describe() + ": " + show(leads);
                    boolean mixes = false;
                    for (int r = 0; r < cg.length; r++) mixes |= diagonal(r, s) != diagonal(leads[r], s);
                    if (options.step() == Step.DOUBLE || k >= 2) assertTrue(!mixes, what);
                    else assertTrue(mixes && leadCount(leads) == 1, what + ": one lead for two Call-Paths");
                    assertEquals(Math.min(cg.length, options.step() == Step.DOUBLE ? Math.max(k, 2) : k), leadCount(leads), what);
                }
            }
        }
    }

    // ---- K-medoids ----------------------------------------------------------------------------------------

    @Test
    void kMedoidsMovesTheLeadsToTheirClustersMedians() {
        SignatureVector[] groups = SignatureSets.twoGroupsOnALine();
        assertArrayEquals(new int[] {0, 0, 0, 0, 0, 9, 9, 9, 9, 9}, select(groups, FARTHEST_DOUBLE, 2), "K-farthest: the extremes");
        for (ClusterOptions options : ALL_OPTIONS) {
            if (options.selector() != Selector.MEDOIDS) continue;
            assertArrayEquals(new int[] {2, 2, 2, 2, 2, 7, 7, 7, 7, 7}, select(groups, options, 2), options.describe());
            // ten evenly spaced: the halves 0..4 and 5..9, medians 2 and 7
            assertArrayEquals(new int[] {2, 2, 2, 2, 2, 7, 7, 7, 7, 7}, select(SignatureSets.line(10), options, 2), options.describe());
        }
    }

    @Test
    void kMedoidsIsDeterministicKeepsAtMostKLeadsAndEveryMemberJoinsItsNearest() {
        Random random = new Random(34);
        for (int round = 0; round < 300; round++) {
            int n = 2 + random.nextInt(40);
            int k = 1 + random.nextInt(9);
            SignatureVector[] set = SignatureSets.random(n, 1 + random.nextInt(2), 2 + random.nextInt(4), random.nextLong());
            int format = differingSignatures(set);
            int callPaths = SignatureSets.callPathCount(set);
            int[] leads = AcurdionLeads.select(set, format, MEDOIDS_DOUBLE, k);
            assertTrue(leadCount(leads) <= Math.max(k, callPaths), "round " + round);
            assertEquals(Math.min(n, Math.max(k, callPaths)), leadCount(leads), "round " + round);
            assertJoinsNearestLead(set, format, MEDOIDS_DOUBLE, leads, "round " + round);
            for (int repeat = 0; repeat < 3; repeat++) assertArrayEquals(leads, AcurdionLeads.select(set, format, MEDOIDS_DOUBLE, k));
        }
    }

    // ---- edges --------------------------------------------------------------------------------------------

    @Test
    void atMostKCandidatesAllLeadAndKBelowOneIsRefused() {
        SignatureVector[] set = SignatureSets.cgTranspose(2);
        for (ClusterOptions options : ALL_OPTIONS) {
            assertArrayEquals(new int[] {0, 1, 2, 3}, select(set, options, 4));
            assertArrayEquals(new int[] {0, 1, 2, 3}, select(set, options, 100));
            assertThrows(IllegalArgumentException.class, () -> select(set, options, 0));
        }
        assertNotEquals(ClusterOptions.DEFAULT, FARTHEST_SINGLE);
        assertEquals("double-step, farthest, manhattan", ClusterOptions.DEFAULT.describe());
        assertThrows(IllegalArgumentException.class, () -> new ClusterOptions(null, Step.DOUBLE, Selector.FARTHEST));
    }

    /**
     * AcurdionLeads' javadoc says that under single-step distinct Call-Paths are picked first, so k &gt;=
     * the number of Call-Paths keeps one lead for each. TYPE shares the most important group with
     * Call-Path, so when TYPE varies independently of the Call-Path a TYPE difference weighs as much as a
     * Call-Path difference and a Call-Path can be left without a lead.
     */
    @Test
    void singleStepCoversEveryCallPathAndTypePairButMayMergeCallPathsWhenTypeVariesWithinOne() {
        // Call-Path and TYPE weigh alike (both group G3): single-step spreads its leads over (Call-Path, TYPE)
        // pairs, so with k at least the number of pairs every Call-Path is led; with fewer it need not be.
        SignatureVector[] set = independentTypeCounterexample();
        Set<List<Long>> pairs = new java.util.HashSet<>();
        for (SignatureVector v : set) pairs.add(List.of(callPath(v), v.word(Signature.TYPE)));
        int[] leads = select(set, FARTHEST_SINGLE, pairs.size());
        Set<List<Long>> led = new java.util.HashSet<>();
        for (int i = 0; i < set.length; i++) if (leads[i] == i) led.add(List.of(callPath(set[i]), set[i].word(Signature.TYPE)));
        assertEquals(pairs, led, show(leads));
        int[] fewer = select(set, FARTHEST_SINGLE, SignatureSets.callPathCount(set));
        assertArrayEquals(new int[] {0, 1, 1, 3}, fewer, "k = number of Call-Paths: Call-Path 1 joins a lead of Call-Path 2");
        int[] twoStep = select(set, FARTHEST_DOUBLE, SignatureSets.callPathCount(set));
        for (int i = 0; i < set.length; i++) assertEquals(callPath(set[i]), callPath(set[twoStep[i]]), "double-step keeps Call-Paths apart");
    }

    /**
     * Ranks 0 and 1 share a Call-Path but differ in TYPE (G3 1/2) and SRC; rank 2 differs from rank 1 in
     * Call-Path only (G3 1/2, G2 0). So after the first leads, rank 1 is farther from them than rank 2,
     * and takes the last lead although its Call-Path already has one.
     */
    static SignatureVector[] independentTypeCounterexample() {
        long[] callPaths = {2, 2, 1, 0};
        long[] types = {1, 0, 0, 1};
        double[] src = {1, 2, 2, 0};
        SignatureVector[] set = new SignatureVector[callPaths.length];
        for (int r = 0; r < set.length; r++) {
            SignatureVector v = SignatureSets.withWord(SignatureSets.typical(callPaths[r]), Signature.TYPE, types[r]);
            set[r] = SignatureSets.with(v, Signature.SRC, src[r]);
        }
        return set;
    }

    private static ClusterOptions[] farthestOptions() {
        return ALL_OPTIONS.stream().filter(o -> o.selector() == Selector.FARTHEST).toArray(ClusterOptions[]::new);
    }

    private static Set<Integer> leadSet(int[] leads) {
        Set<Integer> set = new TreeSet<>();
        for (int i = 0; i < leads.length; i++) if (leads[i] == i) set.add(i);
        return set;
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    private static boolean diagonal(int rank, int s) {
        return rank / s == rank % s;
    }
}
