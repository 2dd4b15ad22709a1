package org.mpjtrace.signatures.cluster;

import java.util.Arrays;

/**
 * K-farthest selection inside one Call-Path partition: start with the candidate farthest from the rest
 * (largest sum of distances to the others), then keep adding the candidate farthest from those already
 * chosen (largest distance to its nearest chosen one). Spreading the leads over the extremes keeps
 * unusual behaviour, such as a grid's corners, from being absorbed into the common case. Every other
 * candidate then joins its nearest lead. Ties go to the lowest candidate index.
 */
final class FarthestFirst {

    private FarthestFirst() {}

    /**
     * @param members candidate indices of the partition, ascending
     * @param quota   leads to choose, between 1 and members.length
     * @param distance between any two candidates (by candidate index)
     * @param leads   every candidate's lead, written for the members of this partition only
     */
    static void choose(int[] members, int quota, PairDistance distance, int[] leads) {
        int m = members.length;
        if (quota >= m) {
            for (int i : members) leads[i] = i;
            return;
        }
        boolean[] chosen = new boolean[m];
        // Per member (by position in members): distance to its nearest chosen member, and which one.
        double[] nearest = new double[m];
        int[] nearestAt = new int[m];
        Arrays.fill(nearest, Double.POSITIVE_INFINITY);

        int next = farthestFromRest(members, distance);
        for (int picked = 0; picked < quota; picked++) {
            chosen[next] = true;
            nearestAt[next] = next;
            int farthest = -1;
            for (int j = 0; j < m; j++) {
                if (chosen[j]) continue;
                double d = distance.between(members[j], members[next]);
                // members ascend, so a lower position is a lower candidate index
                if (d < nearest[j] || (d == nearest[j] && next < nearestAt[j])) {
                    nearest[j] = d;
                    nearestAt[j] = next;
                }
                if (farthest < 0 || nearest[j] > nearest[farthest]) farthest = j;
            }
            next = farthest;
        }
        for (int j = 0; j < m; j++) leads[members[j]] = members[nearestAt[j]];
    }

    /** Position in members of the one with the largest sum of distances to the others. */
    private static int farthestFromRest(int[] members, PairDistance distance) {
        int best = 0;
        double bestSum = -1;
        for (int j = 0; j < members.length; j++) {
            double sum = 0;
            for (int other : members) sum += distance.between(members[j], other);
            if (sum > bestSum) {
                best = j;
                bestSum = sum;
            }
        }
        return best;
    }
}
