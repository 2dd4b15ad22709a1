package org.mpjtrace.trace.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.ranks.RankSet;

/** Properties of top-K reduction along the tree, on random signatures. */
class ClusterSetsReductionTest {

    @Test
    void reductionKeepsTheBudgetAndNeverMixesCallPaths() {
        Random random = new Random(7);
        for (int round = 0; round < 300; round++) {
            int size = 1 + random.nextInt(200);
            int k = 1 + random.nextInt(10);
            List<RankSignature> ranks = randomSignatures(random, size, 1 + random.nextInt(12));
            ClusterSets root = BinomialTree.reduce(ranks, k, (parent, child) -> {
                int budget = Math.max(k, callPathsOf(ranks, parent.ranks().union(child.ranks())));
                ClusterSets merged = parent.merge(child, k); // the merge the tree is about to make
                assertTrue(merged.relative().size() <= budget && merged.absolute().size() <= budget);
            });
            assertEquals(RankSet.range(0, size, 1), root.ranks());
            for (CandidateList list : List.of(root.relative(), root.absolute())) {
                checkClusters(ranks, new Clustering(list.clusters(), false, 0));
                if (list.exact()) assertEquals(distinctSignatures(ranks, list == root.absolute()), list.size());
            }
            assertEquals(root, BinomialTree.reduce(ranks, k), "the same input gives the same clusters");
        }
    }

    /** Disjoint clusters covering every rank, each of one Call-Path, each led by a member with its signature. */
    private static void checkClusters(List<RankSignature> ranks, Clustering c) {
        long total = 0;
        for (Cluster cluster : c.clusters()) {
            total += cluster.members().size();
            cluster.members().forEach(r -> assertEquals(cluster.callPath(), ranks.get(r).callPath(),
                    "rank " + r + " is in a cluster of another Call-Path"));
        }
        assertEquals(ranks.size(), total, "clusters overlap");
        assertEquals(ranks.size(), c.ranks().size());
    }

    /** Signatures drawn from few values, so that some ranks agree exactly and others do not. */
    private static List<RankSignature> randomSignatures(Random random, int size, int callPaths) {
        List<RankSignature> out = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            out.add(new RankSignature(r, random.nextInt(callPaths), random.nextInt(5) - 2, random.nextInt(3),
                    random.nextInt(7), random.nextInt(2) * 0.5));
        }
        return out;
    }

    private static int callPathsOf(List<RankSignature> ranks, RankSet subtree) {
        Set<Long> seen = new HashSet<>();
        subtree.forEach(r -> seen.add(ranks.get(r).callPath()));
        return seen.size();
    }

    private static int distinctSignatures(List<RankSignature> ranks, boolean absolute) {
        Set<ClusterSignature> seen = new HashSet<>();
        for (RankSignature s : ranks) {
            seen.add(absolute ? new ClusterSignature(s.callPath(), s.srcAbs(), s.destAbs())
                    : new ClusterSignature(s.callPath(), s.srcRel(), s.destRel()));
        }
        return seen.size();
    }
}
