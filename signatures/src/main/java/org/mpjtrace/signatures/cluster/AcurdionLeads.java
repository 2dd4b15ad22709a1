package org.mpjtrace.signatures.cluster;

import java.util.List;

/**
 * ACURDION's lead selection at one node of the tree (its Algorithm 2): out of n candidate clusters, keep
 * K leads and let every other candidate join one of them, on the {@link GroupedDistance} over the
 * signatures the format selects.
 * <ul>
 *   <li>single-step: one choice over all candidates; since a Call-Path or TYPE difference outweighs
 *       everything else, distinct (Call-Path, TYPE) pairs are picked first, but when there are more of them
 *       than K, Call-Paths can share leads and their calls are lost;</li>
 *   <li>double-step: partition by Call-Path first ({@link Quotas}: at least one lead per Call-Path, K
 *       grows when they outnumber it), then choose within each partition. Never two Call-Paths in one
 *       cluster.</li>
 * </ul>
 * Within a partition the {@link Selector} picks the leads: K-farthest or K-medoids.
 */
public final class AcurdionLeads {

    private AcurdionLeads() {}

    /**
     * @param candidates the candidates' signatures (their leads'), in a fixed order (ties go to the lowest index)
     * @param format     the signatures that count
     * @param k          leads to keep, at least 1
     * @return for each candidate the index of its lead; a lead maps to itself
     */
    public static int[] select(SignatureVector[] candidates, int format, ClusterOptions options, int k) {
        if (k < 1) throw new IllegalArgumentException("k " + k + " is below 1");
        int n = candidates.length;
        int[] leads = new int[n];
        for (int i = 0; i < n; i++) leads[i] = i;
        if (n <= k) return leads;
        PairDistance distance = new GroupedDistance(candidates, format, options.metric());
        if (options.step() == Step.SINGLE) {
            int[] all = new int[n];
            for (int i = 0; i < n; i++) all[i] = i;
            choose(options.selector(), all, k, distance, leads);
            return leads;
        }
        long[] callPaths = new long[n];
        for (int i = 0; i < n; i++) callPaths[i] = candidates[i].word(Signature.CALL_PATH);
        List<int[]> partitions = TopK.partitionByCallPath(callPaths);
        int[] sizes = partitions.stream().mapToInt(p -> p.length).toArray();
        int[] quotas = Quotas.waterFill(sizes, Math.max(k, partitions.size()));
        for (int p = 0; p < sizes.length; p++) choose(options.selector(), partitions.get(p), quotas[p], distance, leads);
        return leads;
    }

    private static void choose(Selector selector, int[] members, int quota, PairDistance distance, int[] leads) {
        if (selector == Selector.MEDOIDS) Medoids.choose(members, quota, distance, leads);
        else FarthestFirst.choose(members, quota, distance, leads);
    }
}
