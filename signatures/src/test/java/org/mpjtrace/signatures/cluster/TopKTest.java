package org.mpjtrace.signatures.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TopKTest {

    @Test
    void everyCandidateLeadsWhenThereAreAtMostK() {
        long[] cps = {7, 7, 8};
        double[][] coords = {{0, 0}, {1, 1}, {2, 2}};
        assertArrayEquals(new int[] {0, 1, 2}, TopK.select(cps, coords, 3));
        assertArrayEquals(new int[] {0, 1, 2}, TopK.select(cps, coords, 9));
    }

    @Test
    void onALineTheEndsComeFirstThenTheMiddle() {
        double[][] coords = new double[11][];
        for (int i = 0; i <= 10; i++) coords[i] = new double[] {i};
        int[] leads = TopK.select(new long[11], coords, 3);
        assertArrayEquals(new int[] {0, 0, 0, 5, 5, 5, 5, 5, 10, 10, 10}, leads);
    }

    @Test
    void equalDistancesGoToTheLowestIndex() {
        // Candidates 0 and 4 tie as farthest from the rest; 2 is as near to 0 as to 4.
        double[][] coords = {{0}, {1}, {2}, {3}, {4}};
        assertArrayEquals(new int[] {0, 0, 0, 4, 4}, TopK.select(new long[5], coords, 2));
    }

    @Test
    void farthestFirstWorksInTwoDimensions() {
        // A square (corners 0, 2, 3, 4), its centre 1, and 5 just right of it. Corners 0 and 3 tie as
        // farthest from the rest (0 wins), 2 is farthest from 0; 1, 3 and 4 are as near to 0 as to 2,
        // and 5 is nearer to 2.
        double[][] coords = {{0, 0}, {1, 1}, {2, 2}, {0, 2}, {2, 0}, {1.1, 1}};
        int[] leads = TopK.select(new long[6], coords, 2);
        assertArrayEquals(new int[] {0, 0, 2, 0, 0, 2}, leads);
    }

    @Test
    void theBudgetIsSharedFairlyAmongCallPaths() {
        // Sizes 4, 4, 1 with k 9: nine candidates, all lead.
        assertEquals(9, leadCount(TopK.select(callPaths(4, 4, 1), line(9), 9)));
        // Sizes 5, 5, 1 with k 9: quotas 4, 4, 1.
        long[] cps = callPaths(5, 5, 1);
        int[] leads = TopK.select(cps, line(11), 9);
        assertEquals(9, leadCount(leads));
        assertEquals(Map.of(0L, 4, 1L, 4, 2L, 1), leadsPerCallPath(cps, leads));
    }

    @Test
    void kGrowsWhenCallPathsOutnumberIt() {
        long[] cps = callPaths(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2);
        int[] leads = TopK.select(cps, line(24), 9);
        assertEquals(12, leadCount(leads));
        assertEquals(12, leadsPerCallPath(cps, leads).size());
    }

    @Test
    void randomInputsNeverMixCallPathsAndKeepTheBudget() {
        Random random = new Random(42);
        for (int round = 0; round < 500; round++) {
            int n = 1 + random.nextInt(40);
            int k = 1 + random.nextInt(12);
            long[] cps = new long[n];
            double[][] coords = new double[n][];
            for (int i = 0; i < n; i++) {
                cps[i] = random.nextInt(1 + random.nextInt(15));
                coords[i] = new double[] {random.nextInt(9) - 4, random.nextGaussian()};
            }
            int[] leads = TopK.select(cps, coords, k);
            int paths = (int) Arrays.stream(cps).distinct().count();
            assertEquals(Math.min(n, Math.max(k, paths)), leadCount(leads));
            for (int i = 0; i < n; i++) {
                assertEquals(leads[i], leads[leads[i]], "a lead leads itself");
                assertEquals(cps[i], cps[leads[i]], "candidate " + i + " joined another Call-Path");
            }
            assertArrayEquals(leads, TopK.select(cps.clone(), coords.clone(), k), "same input, same answer");
        }
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> TopK.select(new long[1], new double[][] {{0}}, 0));
        assertThrows(IllegalArgumentException.class, () -> TopK.select(new long[2], new double[][] {{0}}, 1));
        assertThrows(IllegalArgumentException.class, () -> TopK.select(new long[2], new double[][] {{0}, {0, 1}}, 1));
        assertThrows(IllegalArgumentException.class, () -> TopK.select(new long[2], new double[][] {{0}, {Double.NaN}}, 1));
    }

    /** Call-Path p for each of sizes[p] consecutive candidates. */
    private static long[] callPaths(int... sizes) {
        long[] cps = new long[Arrays.stream(sizes).sum()];
        int at = 0;
        for (int p = 0; p < sizes.length; p++) for (int i = 0; i < sizes[p]; i++) cps[at++] = p;
        return cps;
    }

    private static double[][] line(int n) {
        double[][] coords = new double[n][];
        for (int i = 0; i < n; i++) coords[i] = new double[] {i, -i};
        return coords;
    }

    private static int leadCount(int[] leads) {
        int count = 0;
        for (int i = 0; i < leads.length; i++) if (leads[i] == i) count++;
        return count;
    }

    private static Map<Long, Integer> leadsPerCallPath(long[] cps, int[] leads) {
        Map<Long, Integer> counts = new HashMap<>();
        for (int i = 0; i < leads.length; i++) if (leads[i] == i) counts.merge(cps[i], 1, Integer::sum);
        return counts;
    }
}
