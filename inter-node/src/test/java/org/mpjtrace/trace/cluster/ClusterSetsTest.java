package org.mpjtrace.trace.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.ranks.RankSet;

/** Merging up the tree and the root's choice, on patterns with known answers. */
class ClusterSetsTest {

    @Test
    void aLeafLeadsItself() {
        Clustering c = ClusterSets.of(new RankSignature(7, 42, 1, -1, 8, 6)).result(5);
        assertEquals(List.of(new Cluster(7, RankSet.single(7), 42, 1, -1)), c.clusters());
        assertFalse(c.absoluteEndpoints(), "a tie keeps relative end-points");
        assertEquals(5, c.nanos());
    }

    @Test
    void aStencilGridGivesItsNineBoundaryClassesInRelativeEndpoints() {
        List<RankSignature> grid = Workloads.stencil(4, 4);
        ClusterSets root = BinomialTree.reduce(grid, 9);
        assertTrue(root.relative().exact(), "nine distinct relative signatures fit in k = 9");
        Clustering c = root.result(0);
        assertFalse(c.absoluteEndpoints());
        assertEquals(Set.of(RankSet.of(0), RankSet.of(3), RankSet.of(12), RankSet.of(15), RankSet.of(1, 2),
                RankSet.of(13, 14), RankSet.of(4, 8), RankSet.of(7, 11), RankSet.of(5, 6, 9, 10)), membersOf(c));
        assertEquals(RankSet.range(0, 16, 1), c.ranks());
        for (Cluster cluster : c.clusters()) {
            assertEquals(cluster.members().min(), cluster.lead(), "equal signatures are led by their smallest rank");
            assertEquals(grid.get(cluster.lead()).callPath(), cluster.callPath());
            assertEquals(grid.get(cluster.lead()).srcRel(), cluster.src());
        }
    }

    @Test
    void aMasterAndItsWorkersGiveTwoClustersInAbsoluteEndpoints() {
        Clustering c = BinomialTree.reduce(Workloads.masterWorker(16), 9).result(0);
        assertTrue(c.absoluteEndpoints());
        assertEquals(List.of(new Cluster(0, RankSet.single(0), 100, 8, 8), new Cluster(1, RankSet.range(1, 15, 1), 200, 0, 0)),
                c.clusters());
    }

    @Test
    void aNodeNeverHoldsMoreThan2kPlus1Candidates() {
        for (List<RankSignature> ranks : List.of(Workloads.stencil(4, 4), Workloads.masterWorker(16),
                Workloads.stencil(16, 8), Workloads.masterWorker(200))) {
            for (int k = 3; k <= 9; k++) {
                int bound = 2 * k + 1;
                ClusterSets root = BinomialTree.reduce(ranks, k, (parent, child) -> {
                    assertTrue(parent.relative().size() + child.relative().size() <= bound);
                    assertTrue(parent.absolute().size() + child.absolute().size() <= bound);
                });
                assertTrue(root.relative().size() <= k && root.absolute().size() <= k);
            }
        }
    }

    @Test
    void equalSignaturesBecomeOneCandidateLedByTheSmallerRank() {
        ClusterSets a = ClusterSets.of(new RankSignature(5, 1, 0, 0, 3, 3));
        ClusterSets b = ClusterSets.of(new RankSignature(2, 1, 0, 0, 4, 4));
        ClusterSets ab = a.merge(b, 9);
        assertEquals(List.of(new Candidate(new ClusterSignature(1, 0, 0), 2, RankSet.of(2, 5))), ab.relative().entries());
        assertEquals(2, ab.absolute().size());
        assertTrue(ab.relative().exact() && ab.absolute().exact());
        assertEquals(ab, b.merge(a, 9), "merging is symmetric");
    }

    @Test
    void theRootTakesAbsoluteEndpointsOnlyWhenRelativeOnesHadToBeReduced() {
        // Ranks 1 and 2 agree only in absolute end-points, but two relative clusters fit in k: each rank
        // keeps a lead of its own signature, nothing is merged that differs.
        ClusterSets agreeAbsolute = ClusterSets.of(new RankSignature(1, 9, -1, -1, 0, 0))
                .merge(ClusterSets.of(new RankSignature(2, 9, -2, -2, 0, 0)), 9);
        assertFalse(agreeAbsolute.result(0).absoluteEndpoints());
        assertEquals(2, agreeAbsolute.result(0).clusters().size());
        // Both encodings find one cluster: relative end-points win the tie.
        ClusterSets agreeBoth = ClusterSets.of(new RankSignature(1, 9, 0, 0, 0, 0))
                .merge(ClusterSets.of(new RankSignature(2, 9, 0, 0, 0, 0)), 9);
        assertFalse(agreeBoth.result(0).absoluteEndpoints());
        // Relative end-points all differ and had to be reduced to k = 2; absolute ones find two exact
        // clusters: exactness wins although neither list is shorter.
        ClusterSets reducedRelative = ClusterSets.of(new RankSignature(1, 9, -1, -1, 0, 0))
                .merge(ClusterSets.of(new RankSignature(2, 9, -2, -2, 0, 0)), 2)
                .merge(ClusterSets.of(new RankSignature(3, 9, -3, -3, 5, 5)), 2);
        assertFalse(reducedRelative.relative().exact());
        assertEquals(2, reducedRelative.relative().size());
        assertEquals(2, reducedRelative.absolute().size());
        Clustering c = reducedRelative.result(0);
        assertTrue(c.absoluteEndpoints());
        assertEquals(Set.of(RankSet.of(1, 2), RankSet.of(3)), membersOf(c));
    }

    @Test
    void mergingLeavesItsInputsAsTheyWere() {
        ClusterSets a = ClusterSets.of(new RankSignature(0, 1, 0, 0, 0, 0));
        ClusterSets b = ClusterSets.of(new RankSignature(1, 2, 0, 0, 0, 0));
        byte[] before = a.encode();
        a.merge(b, 1);
        assertEquals(ClusterSets.decode(before, 2), a);
        assertEquals(RankSet.single(0), a.ranks());
    }

    @Test
    void badMergesAreRefused() {
        ClusterSets a = ClusterSets.of(new RankSignature(0, 1, 0, 0, 0, 0));
        ClusterSets b = ClusterSets.of(new RankSignature(1, 1, 0, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> a.merge(b, 0));
        ClusterSets ab = a.merge(b, 9);
        assertThrows(IllegalArgumentException.class, () -> ab.merge(b, 9), "a subtree merged twice");
        assertThrows(IllegalArgumentException.class, () -> new RankSignature(-1, 0, 0, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new RankSignature(0, 0, Double.NaN, 0, 0, 0));
    }

    private static Set<RankSet> membersOf(Clustering c) {
        return c.clusters().stream().map(Cluster::members).collect(Collectors.toSet());
    }
}
