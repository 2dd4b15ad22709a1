package org.mpjtrace.cli.phases;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** D_JS (eq. 4), K and the segmentation strength (eq. 11) against values worked out by hand. */
class DivergenceTest {
    private static final double EPS = 1e-12;

    @Test
    void twoPureHalvesOfTwoSymbolsDivergeByLogTwoAndHaveStrengthThree() {
        // AA|BB: H = ln 2, both parts pure (H_l = H_r = 0), so D_JS = ln 2. K = 1 + 1 + 1 - 2 = 1;
        // s = (2 * 4 * ln 2 - ln 4 * 1) / (ln 4 * 1) = (8 ln 2 - 2 ln 2) / (2 ln 2) = 3.
        double d = Divergence.jensenShannon(new long[] {2, 0}, new long[] {0, 2});
        assertEquals(Math.log(2), d, EPS);
        assertEquals(1, Divergence.freeParameters(1, 1, 2));
        assertEquals(3.0, Divergence.strength(4, d, 1), EPS);
    }

    @Test
    void aMixedLeftPartAgainstAPureRightOneWorkedOutByHand() {
        // AB|AA: H(3/4, 1/4) = 0.75 ln(4/3) + 0.25 ln 4 = 0.5623351446188083; H_l = ln 2, H_r = 0;
        // D_JS = H - (2/4) ln 2 = 0.21576155433883565. K = 2 + 1 + 1 - 2 = 2;
        // s = (8 D - 2 ln 4) / (2 ln 4) = -0.3774437510817344: weaker than BIC, no cut.
        assertEquals(0.5623351446188083, Divergence.entropy(new long[] {3, 1}), EPS);
        double d = Divergence.jensenShannon(new long[] {1, 1}, new long[] {2, 0});
        assertEquals(0.21576155433883565, d, EPS);
        assertEquals(2, Divergence.freeParameters(2, 1, 2));
        assertEquals(-0.3774437510817344, Divergence.strength(4, d, 2), EPS);
    }

    @Test
    void identicalPartsDoNotDivergeAndHaveStrengthMinusOne() {
        double d = Divergence.jensenShannon(new long[] {3, 1, 2}, new long[] {3, 1, 2});
        assertEquals(0, d, EPS);
        assertEquals(-1, Divergence.strength(12, d, 4), EPS);
    }

    @Test
    void nTimesDjsIsTheLogLikelihoodGainOfTwoSegmentsOverOne() {
        // Eqs. 7 and 9: log L1 = sum N_j ln(N_j / N), log L2 = sum over each part of N_j ln(N_j / N_part);
        // the paper shows log L2 - log L1 = N D_JS.
        long[] left = {5, 2, 0, 1}, right = {1, 3, 4, 0};
        long n = 16;
        double l1 = 0, l2 = 0;
        for (int j = 0; j < left.length; j++) {
            long all = left[j] + right[j];
            if (all > 0) l1 += all * Math.log((double) all / n);
            if (left[j] > 0) l2 += left[j] * Math.log(left[j] / 8.0);
            if (right[j] > 0) l2 += right[j] * Math.log(right[j] / 8.0);
        }
        assertEquals(l2 - l1, n * Divergence.jensenShannon(left, right), 1e-9);
    }

    @Test
    void theStrengthIsPositiveExactlyWhenDjsIsAboveTheBicThreshold() {
        // Eq. 10 and 11 say the same thing: s > 0 iff D_JS > log(N) K / 2N.
        long n = 50;
        int k = 3;
        double bic = Divergence.bicThreshold(n, k);
        assertEquals(Math.log(50) * 3 / 100, bic, EPS);
        assertEquals(0, Divergence.strength(n, bic, k), EPS);
        assertTrue(Divergence.strength(n, bic * 1.01, k) > 0);
        assertTrue(Divergence.strength(n, bic * 0.99, k) < 0);
    }

    @Test
    void aSegmentOfOneSymbolHasNoStrength() {
        assertThrows(IllegalArgumentException.class, () -> Divergence.strength(1, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> Divergence.strength(5, 0.1, 0));
    }
}
