package org.mpjtrace.runtime.bench;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.signatures.cluster.BinomialTree;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.ClusterSets;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.ClusteringCodec;
import org.mpjtrace.trace.cluster.RankSignature;
import org.mpjtrace.trace.fold.TraceNode;
import org.mpjtrace.trace.fold.TraceShapeSignature;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.global.TraceMerge;
import org.mpjtrace.trace.io.GlobalCodec;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * Mode chameleon at one acted-on marker of {@link ScaleModel}, placed on the ranks' critical path as the
 * production code places it ({@code MarkerStateMachine}, {@code ClusterTree}, {@code LeadMerge}):
 * <ul>
 *   <li>the vote, an Allreduce of two ints on the private communicator, which MPJ runs as a Reduce and then a
 *       Bcast over minimum-spanning trees: 2 ceil(log2 P) messages one after another (adding two ints is left out);</li>
 *   <li>at a C marker, the clustering: {@link ClusterSets} up the binomial tree, the root's {@link
 *       ClusteringCodec} message down, every node forwarding before it decodes;</li>
 *   <li>the leads' merge: each lead makes its partial trace its cluster's block; lead i sends to lead (i - 1) / 8.
 *       A lead with children that is not rank 0 decodes and merges their blocks on its own thread before it
 *       sends (only with more than 9 leads, or when rank 0 is no lead). Rank 0 only takes its messages in: its
 *       writer thread decodes, merges and encodes them for the file after the marker, off the critical path
 *       ({@code writerNs}, which must end before the next marker's merge).</li>
 * </ul>
 * A marker lasts until its slowest rank is done: rank 0's last receive or a lead's send. A marker in state L
 * is the vote and the leads' merge; one in state C adds the clustering.
 *
 * @param voteNs       the vote
 * @param clusteringNs the clustering, up and down
 * @param leadsNs      the leads' merge on the critical path
 * @param writerNs     rank 0's writer thread: the arrived blocks decoded, merged and encoded for the file
 * @param cpuNs        every rank's work summed, the writer's included
 * @param blockBytes   the encoded merged block of the marker, as the file gets it
 */
record MarkerModel(long voteNs, long clusteringNs, long leadsNs, long writerNs, long cpuNs, int clusters, int clusteringMessage,
                   int blockBytes, long leadBlockNs, long largestMergeNs, int largestMergeRanks) {
    /** Leads' merge tree: children per lead, as in LeadMerge. */
    static final int RADIX = 8;

    long markerC() {
        return voteNs + clusteringNs + leadsNs;
    }

    long markerL() {
        return voteNs + leadsNs;
    }

    /** The vote's messages, one after another: a Reduce then a Bcast, each ceil(log2 P) rounds deep. */
    static int voteHops(int p) {
        return 2 * ScaleModel.levels(p);
    }

    /** The marker at P ranks over each rank's partial trace of one interval, with at most k clusters. */
    static MarkerModel of(int p, List<TraceNode>[] partial, int k, ModelClock clock) {
        int[] g = ScaleModel.grid(p);
        long cpu = 0;
        long[] up = new long[p];
        byte[][] setMessage = new byte[p][];
        byte[] result = null;
        Map<List<TraceNode>, Long> shapes = new HashMap<>();
        for (int r = p - 1; r >= 0; r--) {
            RankSignature sig = ScaleModel.signature(r, g[0], g[1], shapes.computeIfAbsent(partial[r], TraceShapeSignature::of));
            ClusterSets sets = clock.timed(() -> ClusterSets.of(sig));
            cpu += clock.lastWork();
            long time = clock.lastWork();
            for (int child : BinomialTree.children(r, p)) {
                byte[] bytes = setMessage[child];
                setMessage[child] = null;
                ClusterSets before = sets;
                sets = clock.timed(() -> before.merge(ClusterSets.decode(bytes, p), k));
                cpu += clock.lastWork();
                time = Math.max(time, up[child] + clock.transfer(bytes.length)) + clock.lastWork();
            }
            ClusterSets done = sets;
            if (r > 0) {
                setMessage[r] = clock.timed(done::encode);
            } else {
                long nanos = time;
                result = clock.timed(() -> ClusteringCodec.encode(done.result(nanos)));
            }
            cpu += clock.lastWork();
            up[r] = time + clock.lastWork();
        }
        byte[] resultBytes = result;
        long[] arrival = AcurdionTreeSimulation.arrivals(p, clock.transfer(resultBytes.length));
        Clustering clustering = ClusteringCodec.decode(resultBytes, p);
        long down = 0;
        for (int r = 1; r < p; r++) {
            Clustering c = clock.timed(() -> ClusteringCodec.decode(resultBytes, p));
            cpu += clock.lastWork();
            down = Math.max(down, arrival[r] + clock.lastWork());
            if (r == p - 1 && !c.equals(clustering)) throw new IllegalStateException("rank " + r + " decoded another clustering");
        }
        return leads(p, partial, clustering, clock, up[0] + down, cpu, resultBytes.length);
    }

    private static MarkerModel leads(int p, List<TraceNode>[] partial, Clustering clustering, ModelClock clock, long clusteringNs, long cpu,
                                     int clusteringMessage) {
        int[] leads = clustering.leads();
        Arrays.sort(leads);
        long[] sent = new long[leads.length];
        byte[][] message = new byte[leads.length][];
        long blockMax = 0, largestMerge = 0, writer = 0, done = 0;
        int largestMergeRanks = 0;
        GlobalTrace atRankZero = null;
        for (int i = leads.length - 1; i >= 0; i--) {
            Cluster cluster = clustering.clusterOf(leads[i]);
            int lead = leads[i];
            List<TraceNode> nodes = partial[lead];
            GlobalTrace mine = clock.timed(() -> clustering.absoluteEndpoints() && cluster.members().size() > 1
                    ? GlobalTrace.ofRanksWithAbsolutePeers(cluster.members(), lead, p, nodes) : GlobalTrace.ofRanks(cluster.members(), nodes));
            cpu += clock.lastWork();
            blockMax = Math.max(blockMax, clock.lastWork());
            long time = clock.lastWork(), merging = 0;
            for (int c = RADIX * i + 1; c <= RADIX * i + RADIX && c < leads.length; c++) {
                byte[] bytes = message[c];
                GlobalTrace before = mine;
                mine = clock.timed(() -> TraceMerge.merge(before, ScaleModel.decode(bytes)));
                cpu += clock.lastWork();
                if (clock.lastWork() > largestMerge) {
                    largestMerge = clock.lastWork();
                    largestMergeRanks = mine.ranks().size();
                }
                time = Math.max(time, sent[c] + clock.transfer(bytes.length)); // the receive
                if (lead == 0) merging += clock.lastWork(); // rank 0's writer thread, after the marker
                else time += clock.lastWork();
            }
            if (lead == 0) {
                atRankZero = mine;
                writer += merging;
                done = Math.max(done, time);
            } else {
                GlobalTrace block = mine;
                message[i] = clock.timed(() -> GlobalCodec.encode(block));
                cpu += clock.lastWork();
                time += clock.lastWork();
                done = Math.max(done, time);
            }
            sent[i] = time;
        }
        if (leads[0] != 0) { // the leads' root sends its result to rank 0, whose writer thread decodes it
            byte[] bytes = message[0];
            atRankZero = clock.timed(() -> ScaleModel.decode(bytes));
            cpu += clock.lastWork();
            writer += clock.lastWork();
            done = Math.max(done, sent[0] + clock.transfer(bytes.length));
        }
        GlobalTrace merged = atRankZero;
        byte[] file = clock.timed(() -> GlobalCodec.encode(merged));
        cpu += clock.lastWork();
        writer += clock.lastWork();
        if (!merged.ranks().equals(RankSet.range(0, p, 1)))
            throw new IllegalStateException("lead merge covers " + merged.ranks().size() + " ranks, not " + p);
        long vote = voteHops(p) * clock.transfer(2 * Integer.BYTES);
        return new MarkerModel(vote, clusteringNs, done, writer, cpu, clustering.clusters().size(), clusteringMessage, file.length, blockMax,
                largestMerge, largestMergeRanks);
    }
}
