package org.mpjtrace.cli.phases;

/**
 * The information measures of the trace-segmentation paper (section 3.3), on symbol counts rather than
 * probabilities so that a scan over cut positions can update them one symbol at a time.
 *
 * <p>Natural logarithms throughout. The base does not matter for the decision to cut: D_JS and log(N)
 * scale by the same factor, so the segmentation strength (eq. 11) is the same in any base.
 */
public final class Divergence {

    private Divergence() {}

    /** {@code n ln n}, 0 for n = 0: the term every entropy below is a sum of. */
    public static double nLogN(long n) {
        return n <= 0 ? 0 : n * Math.log(n);
    }

    /**
     * {@code N H}, N times the Shannon entropy of eq. 1, from the symbol counts: since p_j = N_j / N,
     * {@code N H = N ln N - sum_j N_j ln N_j}. Also minus the log-likelihood of the one-segment model (eq. 7).
     */
    public static double nTimesEntropy(long[] counts) {
        long n = 0;
        double sum = 0;
        for (long c : counts) {
            n += c;
            sum += nLogN(c);
        }
        return nLogN(n) - sum;
    }

    /** Shannon entropy H of a distribution given by counts (eq. 1); 0 for no symbols. */
    public static double entropy(long[] counts) {
        long n = 0;
        for (long c : counts) n += c;
        return n == 0 ? 0 : nTimesEntropy(counts) / n;
    }

    /**
     * D_JS between a left and a right part (eq. 4): {@code H - (N_l/N) H_l - (N_r/N) H_r}, H the entropy
     * of both parts together. The arrays give the counts of the same symbols, index by index.
     */
    public static double jensenShannon(long[] left, long[] right) {
        if (left.length != right.length) throw new IllegalArgumentException("left and right count different symbols");
        long[] both = new long[left.length];
        long n = 0;
        for (int j = 0; j < both.length; j++) {
            both[j] = left[j] + right[j];
            n += both[j];
        }
        if (n == 0) return 0;
        return fromSums(n, nTimesEntropy(both), nTimesEntropy(left), nTimesEntropy(right));
    }

    /**
     * D_JS from {@code N H}, {@code N_l H_l} and {@code N_r H_r}: eq. 4 multiplied through by N, which is
     * also the log-likelihood gain of two segments over one (eqs. 7 and 9: log L2 - log L1 = N D_JS).
     */
    static double fromSums(long n, double nH, double leftNH, double rightNH) {
        // Never below 0 (D_JS is a divergence); rounding can leave -1e-16 for identical parts.
        return Math.max(0, (nH - leftNH - rightNH) / n);
    }

    /**
     * K, the free parameters the two-segment model adds (section 3.3, after eq. 5): {@code k_l + k_r + 1 - k},
     * k_l, k_r and k the distinct symbols in the left part, the right part and the whole.
     */
    public static int freeParameters(int distinctLeft, int distinctRight, int distinctWhole) {
        return distinctLeft + distinctRight + 1 - distinctWhole;
    }

    /**
     * The BIC threshold on D_JS (eq. 10): a segment of N symbols may be cut where D_JS exceeds
     * {@code log(N) K / 2N}.
     */
    public static double bicThreshold(long n, int k) {
        return Math.log(n) * k / (2.0 * n);
    }

    /**
     * The segmentation strength s (eq. 11): how far {@code 2 N D_JS} exceeds the BIC term {@code log(N) K},
     * relative to it. Positive exactly where D_JS exceeds {@link #bicThreshold}; -1 where D_JS is 0.
     *
     * @param n   the segment's length, at least 2 (log(1) = 0 leaves nothing to compare with)
     * @param djs the maximal D_JS over the segment's cut positions
     * @param k   K at that cut ({@link #freeParameters}), at least 1
     */
    public static double strength(long n, double djs, int k) {
        if (n < 2) throw new IllegalArgumentException("a segment of " + n + " symbols has no cut");
        if (k < 1) throw new IllegalArgumentException("K must be at least 1, not " + k);
        double bic = Math.log(n) * k;
        return (2 * n * djs - bic) / bic;
    }
}
