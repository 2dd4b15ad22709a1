package org.mpjtrace.trace.cluster;

import org.mpjtrace.trace.ranks.RankSet;

/**
 * One cluster of ranks: the lead that traces for all of them, every member (the lead included), and
 * the behaviour signature the cluster was formed on (the lead's): its Call-Path signature and the mean
 * source and destination end-points of its point-to-point calls.
 */
public record Cluster(int lead, RankSet members, long callPath, double src, double dest) {

    public Cluster {
        if (!members.contains(lead)) throw new IllegalArgumentException("lead " + lead + " is not a member of " + members);
    }
}
