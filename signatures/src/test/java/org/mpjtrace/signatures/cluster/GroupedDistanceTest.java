package org.mpjtrace.signatures.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpjtrace.signatures.cluster.AcurdionChecks.differingSignatures;
import static org.mpjtrace.signatures.cluster.GroupedDistance.STEPS;
import static org.mpjtrace.signatures.cluster.GroupedDistance.groupSteps;

import java.util.Random;
import org.junit.jupiter.api.Test;

// In runtime, not signatures: these tests use src-test-fixtures, which depends on signatures (a cycle there).
/** The normalised grouped distance: importance groups, "scale by shifting", and the two metrics. */
class GroupedDistanceTest {
    private static final int SRC_DEST = Signature.SRC.bit() | Signature.DEST.bit();

    @Test
    void manhattanAndEuclideanGiveTheDocumentedValues() {
        SignatureVector[] set = SignatureSets.metricExample();
        int a = 0, b = 1, c = 2, e = 3;
        GroupedDistance manhattan = new GroupedDistance(set, SRC_DEST, Metric.MANHATTAN);
        GroupedDistance euclidean = new GroupedDistance(set, SRC_DEST, Metric.EUCLIDEAN);
        int[][] pairs = {{a, b}, {a, c}, {a, e}, {b, c}, {b, e}, {c, e}};
        long[] manhattanSteps = {32768, 32768, 32768, 32768, 65536, 32768};
        long[] euclideanSteps = {46341, 32768, 46341, 32768, 65536, 32768};
        assertEquals(46341, (long) Math.ceil(STEPS / Math.sqrt(2)), "ceil(65536 / sqrt 2)");
        for (int i = 0; i < pairs.length; i++) {
            int x = pairs[i][0], y = pairs[i][1];
            assertEquals(manhattanSteps[i], groupSteps(manhattan.between(x, y), 1), "Manhattan " + x + "-" + y);
            assertEquals(euclideanSteps[i], groupSteps(euclidean.between(x, y), 1), "Euclidean " + x + "-" + y);
            for (GroupedDistance d : new GroupedDistance[] {manhattan, euclidean}) {
                assertEquals(0, groupSteps(d.between(x, y), 0), "nothing in G1");
                assertEquals(0, groupSteps(d.between(x, y), 2), "nothing in G3");
                assertEquals(d.between(x, y), d.between(y, x), "symmetric");
                assertEquals((double) (groupSteps(d.between(x, y), 1) << 18), d.between(x, y), "G2 sits in the middle field");
            }
        }
        // the difference between the metrics: Manhattan ties a-b with a-c, Euclidean does not
        assertEquals(manhattan.between(a, b), manhattan.between(a, c));
        assertTrue(euclidean.between(a, b) > euclidean.between(a, c));
        for (int x = 0; x < set.length; x++) assertEquals(0, manhattan.between(x, x));
    }

    @Test
    void anyCallPathDifferenceOutweighsAnyCountDifferenceWhateverTheMagnitudes() {
        for (Metric metric : Metric.values()) {
            for (double scale : new double[] {1, 1e3, 1e9, 1e15, 1e300}) {
                // rank 0 and 1: Call-Paths one bit apart, same COUNT; rank 2: same Call-Path as 0, COUNT far off
                SignatureVector base = SignatureSets.with(SignatureSets.typical(SignatureSets.CP_STEP), Signature.COUNT, 0);
                SignatureVector[] set = {
                    base,
                    SignatureSets.withWord(base, Signature.CALL_PATH, SignatureSets.CP_STEP_1),
                    SignatureSets.with(base, Signature.COUNT, scale),
                    SignatureSets.with(base, Signature.COUNT, -scale),
                };
                GroupedDistance d = new GroupedDistance(set, differingSignatures(set), metric);
                assertTrue(d.between(0, 1) > d.between(2, 3), metric + ", COUNT spread " + 2 * scale + ": Call-Path weighs more");
                assertTrue(d.between(0, 1) > d.between(0, 2), metric + ", scale " + scale);
                assertEquals(0, groupSteps(d.between(0, 1), 0), "the Call-Path pair agrees on COUNT");
                assertEquals(STEPS, groupSteps(d.between(2, 3), 0), "the COUNT ends are a full step range apart");
            }
        }
    }

    @Test
    void onTheFixtureACallPathSplitBeatsA1e9CountSpreadForEveryOption() {
        SignatureVector[] set = SignatureSets.callPathsAgainstCount(6);
        int format = differingSignatures(set);
        assertEquals(Signature.CALL_PATH.bit() | Signature.COUNT.bit(), format);
        for (ClusterOptions options : AcurdionChecks.ALL_OPTIONS) {
            int[] leads = AcurdionLeads.select(set, format, options, 2);
            assertEquals(2, AcurdionChecks.leadCount(leads), options.describe());
            for (int i = 0; i < set.length; i++)
                assertEquals(AcurdionChecks.callPath(set[i]), AcurdionChecks.callPath(set[leads[i]]), options.describe() + ": rank " + i);
        }
    }

    @Test
    void anEndPointDifferenceOutweighsAnyTimeOrCountDifference() {
        SignatureVector[] set = SignatureSets.endPointsAgainstTimes(6);
        int format = differingSignatures(set);
        for (ClusterOptions options : AcurdionChecks.ALL_OPTIONS) {
            int[] leads = AcurdionLeads.select(set, format, options, 2);
            for (int i = 0; i < set.length; i++) assertEquals(i % 2, leads[i] % 2, options.describe() + ": rank " + i + " in " + AcurdionChecks.show(leads));
        }
        // and on the distances themselves: SRC 1e-3 apart beats COUNT 1e9 apart plus both times
        GroupedDistance d = new GroupedDistance(set, format, Metric.MANHATTAN);
        assertTrue(d.between(0, 1) > d.between(0, set.length - 2));
    }

    /**
     * On random sets with wild magnitudes, distances order lexicographically by (G3, G2, G1) steps, each
     * group's steps lie in [0, 65536], and a group has at least one step exactly when a selected
     * signature of it differs.
     */
    @Test
    void distancesOrderByTheMostImportantGroupFirst() {
        Random random = new Random(21);
        for (int round = 0; round < 300; round++) {
            int n = 2 + random.nextInt(9);
            SignatureVector[] set = new SignatureVector[n];
            for (int i = 0; i < n; i++) set[i] = wild(random);
            int format = random.nextBoolean() ? Signature.ALL : random.nextInt(Signature.ALL + 1);
            for (Metric metric : Metric.values()) {
                GroupedDistance d = new GroupedDistance(set, format, metric);
                for (int a = 0; a < n; a++) {
                    for (int b = 0; b < n; b++) {
                        int differs = set[a].differences(set[b]) & format;
                        for (int g = 0; g < 3; g++) {
                            long steps = groupSteps(d.between(a, b), g);
                            assertTrue(steps >= 0 && steps <= STEPS);
                            assertEquals(differsInGroup(differs, g), steps > 0, "round " + round + " " + metric + " pair " + a + "," + b + " group " + g);
                        }
                        for (int c = 0; c < n; c++) {
                            for (int e = 0; e < n; e++) {
                                int order = compareGroups(d.between(a, b), d.between(c, e));
                                assertEquals(order, Double.compare(d.between(a, b), d.between(c, e)), "lexicographic");
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void aTinyNonzeroDifferenceStillCountsAStep() {
        // COUNT 1e9 and one ulp above it, next to COUNT 0: a difference of 1.2e-16 of the range
        SignatureVector base = SignatureSets.typical(SignatureSets.CP_STEP);
        SignatureVector[] set = {
            SignatureSets.with(base, Signature.COUNT, 0),
            SignatureSets.with(base, Signature.COUNT, 1e9),
            SignatureSets.with(base, Signature.COUNT, Math.nextUp(1e9)),
            SignatureSets.with(base, Signature.SRC, 1e-300),
        };
        for (Metric metric : Metric.values()) {
            GroupedDistance d = new GroupedDistance(set, Signature.ALL, metric);
            assertEquals(1, groupSteps(d.between(1, 2), 0), metric + ": one ulp of COUNT is one step");
            // SRC 1e-300 apart is SRC's whole range: one of the six selected G2 signatures differs fully
            double g2 = metric == Metric.MANHATTAN ? 1 / 6.0 : Math.sqrt(1 / 6.0);
            assertEquals((long) Math.ceil(g2 * STEPS), groupSteps(d.between(0, 3), 1), metric + ": SRC 1e-300 apart");
            assertTrue(d.between(1, 2) > 0);
        }
    }

    /**
     * A difference of one ulp is lost when another candidate is far away on the same signature: both
     * values are shifted by the minimum first, and -1000 + 1.0 and -1000 + (1.0 + 2^-52) round to the
     * same double. The class's contract says any difference counts at least one step.
     */
    @Test
    void aTinyDifferenceCountsEvenNextToAFarCandidate() {
        SignatureVector base = SignatureSets.typical(SignatureSets.CP_STEP);
        SignatureVector[] set = {
            SignatureSets.with(base, Signature.SRC, -1000),
            SignatureSets.with(base, Signature.SRC, 1.0),
            SignatureSets.with(base, Signature.SRC, Math.nextUp(1.0)),
        };
        for (Metric metric : Metric.values()) {
            GroupedDistance d = new GroupedDistance(set, Signature.SRC.bit(), metric);
            assertTrue(groupSteps(d.between(1, 2), 1) >= 1, metric + ": SRC differs between 1 and 2");
        }
    }

    @Test
    void identitiesCompareAsEqualOrNotWhateverTheirWords() {
        SignatureVector base = SignatureSets.typical(SignatureSets.CP_STEP);
        SignatureVector[] set = {
            SignatureSets.withWord(base, Signature.CALL_PATH, 1),
            SignatureSets.withWord(base, Signature.CALL_PATH, 2),
            SignatureSets.withWord(base, Signature.CALL_PATH, Long.MIN_VALUE),
            SignatureSets.withWord(base, Signature.CALL_PATH, 1),
        };
        GroupedDistance d = new GroupedDistance(set, Signature.CALL_PATH.bit() | Signature.TYPE.bit(), Metric.MANHATTAN);
        assertEquals(d.between(0, 1), d.between(0, 2));
        assertEquals(d.between(0, 1), d.between(1, 2));
        assertEquals(0, d.between(0, 3));
        assertEquals(STEPS / 2, groupSteps(d.between(0, 1), 2), "one of G3's two selected signatures differs");
    }

    @Test
    void aSignatureOutsideTheFormatDoesNotCount() {
        SignatureVector[] set = SignatureSets.callPathsAgainstCount(3);
        GroupedDistance d = new GroupedDistance(set, Signature.COUNT.bit(), Metric.MANHATTAN);
        assertEquals(0, d.between(0, 1), "ranks 0 and 1 differ only in Call-Path, which is not selected");
        assertThrows(IllegalArgumentException.class, () -> new GroupedDistance(set, 1 << 11, Metric.MANHATTAN));
    }

    private static boolean differsInGroup(int differs, int group) {
        for (Signature s : Signature.values()) if (s.group == group && s.in(differs)) return true;
        return false;
    }

    private static int compareGroups(double x, double y) {
        for (int g = 2; g >= 0; g--) {
            int c = Long.compare(groupSteps(x, g), groupSteps(y, g));
            if (c != 0) return c;
        }
        return 0;
    }

    /** A vector with values from a few wild magnitudes, so that equal values are likely too. */
    private static SignatureVector wild(Random random) {
        double[] magnitudes = {0, 1, -1, 1e-3, 1e9, -1e9, 1e15, 3.5};
        double[] v = new double[8];
        for (int i = 0; i < v.length; i++) v[i] = magnitudes[random.nextInt(magnitudes.length)] * (1 + random.nextInt(2));
        long loop = random.nextBoolean() ? 0 : SignatureSets.loopWord(random.nextInt(3), 70000, random.nextInt(2), random.nextInt(2));
        return SignatureVector.of(random.nextInt(3), v[0], v[1], v[2], v[3], v[4], v[5], Math.abs(v[6]), Math.abs(v[7]), loop,
                random.nextInt(2));
    }
}
