package org.mpjtrace.signatures.cluster;

/**
 * ACURDION's distance between candidates at one node of the tree, over the signatures the format
 * selects, normalised among the candidates at hand (the ACURDION paper, section III.B):
 * <ol>
 *   <li>each numeric signature's difference is divided by its range over the candidates (so every one
 *       lies in [0, 1], whatever its unit); identities (Call-Path, TYPE) differ by 0 or 1;</li>
 *   <li>per importance group the differences combine by the metric, averaged over the group's selected
 *       signatures, again in [0, 1];</li>
 *   <li>each group's value is scaled to a whole number of {@value #STEPS} steps, rounded up so that any
 *       difference counts at least one step, and the groups are placed in disjoint bit fields, the most
 *       important highest ("scale by shifting").</li>
 * </ol>
 * A difference in a more important group thus outweighs any difference in the less important ones: any
 * Call-Path difference outweighs any SRC difference, which outweighs any COUNT difference. The result is
 * a whole number below 2^53, exact as a double.
 */
final class GroupedDistance implements PairDistance {
    static final int STEPS = 1 << 16;
    /** Bits per group field: room for STEPS and sums of up to 2^(FIELD_BITS - 16) distances without carry. */
    private static final int FIELD_BITS = 18;
    private static final int GROUPS = 3;

    private final double[][] matrix;

    /**
     * @param candidates the candidates at the node
     * @param format     which signatures count ({@link SignatureFormat})
     */
    GroupedDistance(SignatureVector[] candidates, int format, Metric metric) {
        Signature[] selected = selected(format);
        int n = candidates.length;
        double[] range = new double[selected.length];
        int[] perGroup = new int[GROUPS];
        for (int s = 0; s < selected.length; s++) {
            perGroup[selected[s].group]++;
            if (selected[s].identity) continue;
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            for (SignatureVector c : candidates) {
                double v = c.value(selected[s]);
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
            range[s] = hi - lo;
        }
        matrix = new double[n][n];
        double[] groups = new double[GROUPS];
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n; b++) {
                java.util.Arrays.fill(groups, 0);
                for (int s = 0; s < selected.length; s++) {
                    Signature sig = selected[s];
                    double d;
                    if (sig.identity) {
                        d = candidates[a].word(sig) == candidates[b].word(sig) ? 0 : 1;
                    } else {
                        // The difference of the values themselves: shifting both first could round a tiny one away.
                        double diff = Math.abs(candidates[a].value(sig) - candidates[b].value(sig));
                        d = range[s] == 0 ? 0 : Math.min(1, diff / range[s]);
                    }
                    groups[sig.group] += metric == Metric.MANHATTAN ? d : d * d;
                }
                double total = 0;
                for (int g = GROUPS - 1; g >= 0; g--) {
                    double mean = perGroup[g] == 0 ? 0 : groups[g] / perGroup[g];
                    double value = metric == Metric.MANHATTAN ? mean : Math.sqrt(mean);
                    total = total * (1L << FIELD_BITS) + Math.ceil(value * STEPS);
                }
                matrix[a][b] = matrix[b][a] = total;
            }
        }
    }

    private static Signature[] selected(int format) {
        if (!SignatureFormat.valid(format)) throw new IllegalArgumentException("bad signature format " + Integer.toHexString(format));
        return java.util.Arrays.stream(Signature.values()).filter(s -> s.in(format)).toArray(Signature[]::new);
    }

    @Override
    public double between(int a, int b) {
        return matrix[a][b];
    }

    /** A distance's value for one group, in steps (0 to {@value #STEPS}): 0 G1, 1 G2, 2 G3. */
    static long groupSteps(double distance, int group) {
        return ((long) distance >>> (FIELD_BITS * group)) & ((1L << FIELD_BITS) - 1);
    }
}
