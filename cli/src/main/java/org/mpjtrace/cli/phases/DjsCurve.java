package org.mpjtrace.cli.phases;

/**
 * D_JS at every cut position of a whole symbol sequence (the paper's Fig. 11): the curve whose maximum
 * is the root segment's cut. Value i is D_JS (eq. 4) between the symbols 0..i on the left and i+1..N-1
 * on the right, so a sequence of N symbols has N - 1 values. O(N + symbols): the counts are taken once,
 * then one symbol at a time moves from the right part to the left, as in {@link Segmenter}.
 */
public final class DjsCurve {
    private DjsCurve() {}

    public static double[] of(int[] symbols) {
        int n = symbols.length;
        if (n < 2) return new double[0];
        int k = 0;
        for (int s : symbols) k = Math.max(k, s + 1);
        long[] whole = new long[k], left = new long[k];
        for (int s : symbols) whole[s]++;
        double wholeSum = 0;
        for (long c : whole) wholeSum += Divergence.nLogN(c);
        double nH = Divergence.nLogN(n) - wholeSum, leftSum = 0, rightSum = wholeSum;
        double[] out = new double[n - 1];
        for (int i = 0; i < n - 1; i++) {
            int x = symbols[i];
            long l = left[x], r = whole[x] - l;
            leftSum += Divergence.nLogN(l + 1) - Divergence.nLogN(l);
            rightSum += Divergence.nLogN(r - 1) - Divergence.nLogN(r);
            left[x] = l + 1;
            int nl = i + 1, nr = n - nl;
            out[i] = Divergence.fromSums(n, nH, Divergence.nLogN(nl) - leftSum, Divergence.nLogN(nr) - rightSum);
        }
        return out;
    }
}
