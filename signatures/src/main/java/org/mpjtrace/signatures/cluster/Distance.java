package org.mpjtrace.signatures.cluster;

/** Distances between signature vectors of equal length. */
public final class Distance {

    private Distance() {}

    /** Sum of the absolute coordinate differences: Chameleon's and ACURDION's default. */
    public static double manhattan(double[] a, double[] b) {
        requireSameLength(a, b);
        double sum = 0;
        for (int i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
        return sum;
    }

    /** Straight-line distance: ACURDION's option. */
    public static double euclidean(double[] a, double[] b) {
        requireSameLength(a, b);
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            double d = a[i] - b[i];
            sum += d * d;
        }
        return Math.sqrt(sum);
    }

    private static void requireSameLength(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("vectors of lengths " + a.length + " and " + b.length);
        }
    }
}
