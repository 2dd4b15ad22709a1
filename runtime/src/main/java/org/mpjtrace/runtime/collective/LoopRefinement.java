package org.mpjtrace.runtime.collective;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * Marker auto's own loops, once every rank's loop has changed under the clusters ({@link LoopMarker}):
 * the clustering again, on the new loops, so that the marker follows the program into its next phase
 * (Chameleon's C re-entered) and the non-leads stop recording again. Each rank proposes its new loop's
 * period and shape, and whether it still has every call since MPI.Init (the ones before its first
 * proposal its first lead's); rank 0 splits every cluster by new loop.
 *
 * <p>The new clustering only splits clusters, never joins two: a rank's calls before its loop changed are
 * its cluster's, so a new lead from the same cluster stands for them (its own first calls come from the
 * cluster's first lead at MPI.Finalize, {@link OwnLoopPrefixes}), where a lead from another cluster would
 * not. The group with the cluster's lead keeps it; another group is led by its lowest member that has all
 * its calls, and stays with the old lead when none has (its calls then read as the lead's, and Finalize
 * counts and warns of them).
 *
 * <pre>
 * proposal  int32 period, int64 shape (the loop's call-site signatures, LoopMarker#shape), float64 mean source
 *           and destination end-points relative to the rank (over the new loop's calls), int8 1 if it has all its calls
 * </pre>
 */
final class LoopRefinement {
    static final int PROPOSAL_BYTES = 29;

    private LoopRefinement() {}

    static byte[] proposal(int period, long shape, double src, double dest, boolean whole) {
        return ByteBuffer.allocate(PROPOSAL_BYTES).putInt(period).putLong(shape).putDouble(src).putDouble(dest).put((byte) (whole ? 1 : 0)).array();
    }

    /**
     * Rank 0: {@code current} with each cluster split by the new loop each rank proposed ({@code proposals[r]}
     * rank r's); a group's Call-Path is its loop's shape, its end-points its lead's over the new loop.
     * {@code start}: System.nanoTime() when rank 0 began the work; the clustering's time, for the log, runs to
     * its end (as {@link LoopClustering#cluster}'s).
     */
    static Clustering refine(Clustering current, byte[][] proposals, long start) {
        List<Cluster> clusters = new ArrayList<>();
        for (Cluster c : current.clusters()) {
            Map<Loop, List<Integer>> byLoop = new LinkedHashMap<>();
            for (int r : c.members().toArray()) byLoop.computeIfAbsent(loop(proposals, r), l -> new ArrayList<>()).add(r);
            Loop leads = loop(proposals, c.lead());
            List<Integer> withLead = byLoop.remove(leads);
            for (Map.Entry<Loop, List<Integer>> group : byLoop.entrySet()) {
                int lead = -1;
                for (int r : group.getValue()) if (whole(proposals[r]) && (lead < 0 || r < lead)) lead = r;
                if (lead < 0) withLead.addAll(group.getValue());
                else clusters.add(cluster(lead, group.getValue(), group.getKey(), proposals[lead], c));
            }
            clusters.add(cluster(c.lead(), withLead, leads, proposals[c.lead()], c));
        }
        clusters.sort(Comparator.comparingInt(Cluster::lead));
        return new Clustering(clusters, current.absoluteEndpoints(), System.nanoTime() - start, current.format());
    }

    private static Cluster cluster(int lead, List<Integer> members, Loop loop, byte[] leads, Cluster was) {
        ByteBuffer b = ByteBuffer.wrap(leads, 12, 16);
        return new Cluster(lead, RankSet.of(ints(members)), loop.shape, b.getDouble(), b.getDouble(), was.signature());
    }

    /** The period a proposal names. */
    static int period(byte[] proposal) {
        return ByteBuffer.wrap(proposal).getInt();
    }

    private record Loop(int period, long shape) {}

    private static Loop loop(byte[][] proposals, int rank) {
        byte[] p = proposals[rank];
        if (p == null || p.length != PROPOSAL_BYTES) throw new IllegalArgumentException("rank " + rank + "'s proposal of its new loop is " + (p == null ? "missing" : p.length + " bytes"));
        ByteBuffer b = ByteBuffer.wrap(p);
        return new Loop(b.getInt(), b.getLong());
    }

    private static boolean whole(byte[] proposal) {
        return proposal[PROPOSAL_BYTES - 1] == 1;
    }

    private static int[] ints(List<Integer> list) {
        return list.stream().mapToInt(Integer::intValue).sorted().toArray();
    }
}
