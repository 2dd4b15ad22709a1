package org.mpjtrace.signatures.cluster;

/**
 * K-medoids inside one partition, ACURDION's alternative lead selector: start from the K-farthest
 * leads, then alternate (Voronoi iteration) between letting every member join its nearest lead and
 * making each cluster's lead the member with the smallest total distance to the cluster's members,
 * until nothing moves. Leads end up typical of their clusters rather than extreme. Ties go to the lowest
 * candidate index, so equal input gives equal output on every rank.
 */
final class Medoids {
    /** Voronoi iteration converges in a few rounds; this only bounds a pathological cycle. */
    private static final int MAX_ROUNDS = 50;

    private Medoids() {}

    /** Same contract as {@link FarthestFirst#choose}. */
    static void choose(int[] members, int quota, PairDistance distance, int[] leads) {
        FarthestFirst.choose(members, quota, distance, leads);
        if (quota >= members.length) return;
        for (int round = 0; round < MAX_ROUNDS; round++) {
            boolean moved = recentre(members, distance, leads);
            moved |= reassign(members, distance, leads);
            if (!moved) return;
        }
    }

    /** Each cluster's lead becomes its member with the least total distance to the others. */
    private static boolean recentre(int[] members, PairDistance distance, int[] leads) {
        boolean moved = false;
        for (int lead : members) {
            if (leads[lead] != lead) continue;
            int best = lead;
            double bestSum = Double.POSITIVE_INFINITY;
            for (int candidate : members) {
                if (leads[candidate] != lead) continue;
                double sum = 0;
                for (int m : members) if (leads[m] == lead) sum += distance.between(candidate, m);
                if (sum < bestSum || (sum == bestSum && candidate < best)) {
                    best = candidate;
                    bestSum = sum;
                }
            }
            if (best != lead) {
                for (int m : members) if (leads[m] == lead) leads[m] = best;
                moved = true;
            }
        }
        return moved;
    }

    /** Every member joins its nearest lead. */
    private static boolean reassign(int[] members, PairDistance distance, int[] leads) {
        int[] chosen = java.util.Arrays.stream(members).filter(m -> leads[m] == m).toArray();
        boolean moved = false;
        for (int m : members) {
            if (leads[m] == m) continue;
            int best = -1;
            double bestDistance = Double.POSITIVE_INFINITY;
            for (int lead : chosen) {
                double d = distance.between(m, lead);
                if (d < bestDistance || (d == bestDistance && lead < best)) {
                    best = lead;
                    bestDistance = d;
                }
            }
            if (best != leads[m]) {
                leads[m] = best;
                moved = true;
            }
        }
        return moved;
    }
}
