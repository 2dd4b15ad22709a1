package org.mpjtrace.signatures.cluster;

/**
 * Fair division of a lead budget among Call-Path partitions, by water-filling: all partitions rise
 * together one lead at a time, a partition stops when all its candidates are leads, and what is left
 * over goes on to the bigger ones. When the last round cannot give every open partition one more, the
 * earlier partitions get it, so the division is the same on every rank.
 */
final class Quotas {

    private Quotas() {}

    /**
     * @param sizes  candidates per partition, each at least 1
     * @param budget leads to share out, at least sizes.length (so every partition gets one)
     * @return leads per partition, between 1 and its size, summing to min(budget, sum of sizes)
     */
    static int[] waterFill(int[] sizes, int budget) {
        int[] quotas = new int[sizes.length];
        int left = budget;
        int open = sizes.length;
        while (left > 0 && open > 0) {
            int share = left / open;
            if (share == 0) {
                for (int p = 0; p < sizes.length && left > 0; p++) {
                    if (quotas[p] < sizes[p]) {
                        quotas[p]++;
                        left--;
                    }
                }
                break;
            }
            for (int p = 0; p < sizes.length; p++) {
                if (quotas[p] == sizes[p]) continue;
                int add = Math.min(share, sizes[p] - quotas[p]);
                quotas[p] += add;
                left -= add;
                if (quotas[p] == sizes[p]) open--;
            }
        }
        return quotas;
    }
}
