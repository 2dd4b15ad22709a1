package org.mpjtrace.trace.cluster;

import org.mpjtrace.trace.ranks.RankSet;

/**
 * One entry of a {@link CandidateList}: a cluster of ranks that is still a candidate on its way up the
 * clustering tree, with the signature it was formed on and the rank that would trace for it.
 */
record Candidate(ClusterSignature signature, int lead, RankSet members) {

    Candidate {
        if (!members.contains(lead)) throw new IllegalArgumentException("lead " + lead + " is not a member of " + members);
    }

    /** This and other, of equal signature, as one cluster; the smaller lead leads, so the order of joining does not matter. */
    Candidate join(Candidate other) {
        return new Candidate(signature, Math.min(lead, other.lead), members.union(other.members));
    }

    Cluster toCluster() {
        return new Cluster(lead, members, signature.callPath(), signature.src(), signature.dest());
    }
}
