package org.mpjtrace.trace.cluster;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.signatures.cluster.TopK;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * The candidate clusters of a subtree in one end-point encoding, ordered by lead, no two with equal
 * signatures. The order makes the top-K choice (which breaks ties by position) independent of the
 * shape of the tree the lists came up.
 *
 * @param exact true when no two distinct signatures were ever put into one cluster, so that the list
 *              has one entry per distinct signature of the subtree
 */
record CandidateList(List<Candidate> entries, boolean exact) {

    private static final Comparator<Candidate> BY_LEAD = Comparator.comparingInt(Candidate::lead);

    CandidateList {
        entries = List.copyOf(entries);
    }

    static CandidateList of(Candidate only) {
        return new CandidateList(List.of(only), true);
    }

    int size() {
        return entries.size();
    }

    /**
     * Both lists as one: entries of equal signature become one, and when more than k remain they are
     * reduced to the top K of {@link TopK}, each group becoming one entry with its lead's signature.
     */
    CandidateList merge(CandidateList other, int k) {
        Map<ClusterSignature, Candidate> bySignature = new HashMap<>();
        for (List<Candidate> list : List.of(entries, other.entries)) {
            for (Candidate c : list) bySignature.merge(c.signature(), c, Candidate::join);
        }
        List<Candidate> joined = new ArrayList<>(bySignature.values());
        joined.sort(BY_LEAD);
        boolean bothExact = exact && other.exact;
        if (joined.size() <= k) return new CandidateList(joined, bothExact);
        List<Candidate> reduced = reduce(joined, k);
        return new CandidateList(reduced, bothExact && reduced.size() == joined.size());
    }

    private static List<Candidate> reduce(List<Candidate> joined, int k) {
        int n = joined.size();
        long[] callPaths = new long[n];
        double[][] coords = new double[n][];
        for (int i = 0; i < n; i++) {
            ClusterSignature s = joined.get(i).signature();
            callPaths[i] = s.callPath();
            coords[i] = new double[] {s.src(), s.dest()};
        }
        int[] leads = TopK.select(callPaths, coords, k);
        RankSet[] groups = new RankSet[n];
        for (int i = 0; i < n; i++) {
            RankSet members = joined.get(i).members();
            groups[leads[i]] = groups[leads[i]] == null ? members : groups[leads[i]].union(members);
        }
        List<Candidate> reduced = new ArrayList<>();
        // In index order, so the reduced list stays in lead order.
        for (int i = 0; i < n; i++) {
            if (leads[i] != i) continue;
            Candidate chosen = joined.get(i);
            reduced.add(new Candidate(chosen.signature(), chosen.lead(), groups[i]));
        }
        return reduced;
    }

    /** The entries as clusters, in lead order. */
    List<Cluster> clusters() {
        return entries.stream().map(Candidate::toCluster).toList();
    }
}
