package org.mpjtrace.signatures.cluster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Chameleon's top-K lead selection (its Algorithm 2, per Call-Path as in its Algorithm 3): out of n
 * distinct cluster signatures, keep about K leads and let every other signature join one of them.
 *
 * <p>The candidates are split by Call-Path signature first, because a Call-Path stands for the events
 * a rank performs: every Call-Path keeps at least one lead, so no event is lost, and K grows to the
 * number of Call-Paths when they outnumber it. The budget is shared out by {@link Quotas} and spent in
 * each partition by {@link FarthestFirst} on the remaining coordinates (the mean end-points), with
 * Manhattan distance. Every choice breaks ties towards the lowest index, so equal input gives equal
 * output on every rank.
 */
public final class TopK {

    private TopK() {}

    /**
     * @param callPaths the Call-Path signature of each candidate
     * @param coords    the other signatures of each candidate, all of one dimension, finite
     * @param k         how many leads to keep, at least 1 (more when Call-Paths outnumber it)
     * @return for each candidate the index of its lead; a lead maps to itself, and a candidate's lead
     *         always has the same Call-Path. min(n, max(k, number of Call-Paths)) candidates are leads.
     */
    public static int[] select(long[] callPaths, double[][] coords, int k) {
        validate(callPaths, coords, k);
        int n = callPaths.length;
        int[] leads = new int[n];
        for (int i = 0; i < n; i++) leads[i] = i;
        if (n <= k) return leads;
        List<int[]> partitions = partitionByCallPath(callPaths);
        int[] sizes = new int[partitions.size()];
        for (int p = 0; p < sizes.length; p++) sizes[p] = partitions.get(p).length;
        int[] quotas = Quotas.waterFill(sizes, Math.max(k, partitions.size()));
        PairDistance manhattan = (a, b) -> Distance.manhattan(coords[a], coords[b]);
        for (int p = 0; p < sizes.length; p++) FarthestFirst.choose(partitions.get(p), quotas[p], manhattan, leads);
        return leads;
    }

    /** Candidate indices per Call-Path, ascending within each, partitions in order of their first index. */
    static List<int[]> partitionByCallPath(long[] callPaths) {
        Map<Long, List<Integer>> byCallPath = new LinkedHashMap<>();
        for (int i = 0; i < callPaths.length; i++) {
            byCallPath.computeIfAbsent(callPaths[i], cp -> new ArrayList<>()).add(i);
        }
        List<int[]> partitions = new ArrayList<>(byCallPath.size());
        for (List<Integer> members : byCallPath.values()) {
            partitions.add(members.stream().mapToInt(Integer::intValue).toArray());
        }
        return partitions;
    }

    private static void validate(long[] callPaths, double[][] coords, int k) {
        if (k < 1) throw new IllegalArgumentException("k " + k + " is below 1");
        if (callPaths.length != coords.length) {
            throw new IllegalArgumentException(callPaths.length + " Call-Paths but " + coords.length + " coordinate rows");
        }
        for (int i = 0; i < coords.length; i++) {
            if (coords[i].length != coords[0].length) {
                throw new IllegalArgumentException("candidate " + i + " has " + coords[i].length
                        + " coordinates, candidate 0 has " + coords[0].length);
            }
            // A NaN would make every distance comparison false and the choice arbitrary.
            for (double c : coords[i]) {
                if (!Double.isFinite(c)) throw new IllegalArgumentException("candidate " + i + " has coordinate " + c);
            }
        }
    }
}
