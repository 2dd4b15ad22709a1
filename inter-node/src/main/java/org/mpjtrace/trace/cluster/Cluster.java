package org.mpjtrace.trace.cluster;

import org.mpjtrace.signatures.cluster.SignatureVector;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * One cluster of ranks: the lead that traces for all of them, every member (the lead included), and
 * the behaviour signature the cluster was formed on (the lead's): its Call-Path signature and the mean
 * source and destination end-points of its point-to-point calls, and in mode acurdion all eleven
 * signatures.
 *
 * @param signature the lead's eleven signatures (mode acurdion), else null
 */
public record Cluster(int lead, RankSet members, long callPath, double src, double dest, SignatureVector signature) {

    public Cluster {
        if (!members.contains(lead)) throw new IllegalArgumentException("lead " + lead + " is not a member of " + members);
    }

    /** A cluster formed on Call-Path and end-points only (modes chameleon and reference). */
    public Cluster(int lead, RankSet members, long callPath, double src, double dest) {
        this(lead, members, callPath, src, dest, null);
    }
}
