package org.mpjtrace.runtime;

import java.util.Arrays;
import java.util.List;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.fold.TraceNode;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.global.SiteRenumbering;
import org.mpjtrace.trace.global.TraceMerge;
import org.mpjtrace.trace.io.GlobalCodec;
import org.mpjtrace.trace.io.PayloadCodec;
import org.mpjtrace.trace.io.RankPayload;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * The leads' merge at a marker (Chameleon's Algorithm 3, lines 27-52): each lead gives its partial trace
 * its cluster's ranklist, the leads merge over a binomial tree of their own (only K ranks take part),
 * and the tree's root hands the result to rank 0, which appends it to the online trace.
 *
 * <p>Call-site ids are per JVM. In multicore mode every rank shares one JVM and its table, so rank 0
 * renumbers the merged block once; with a JVM per rank (niodev) each lead first sends rank 0 its JVM's
 * table and renumbers its own trace with the map rank 0 answers, so the leads merge traces in one
 * numbering.
 */
final class LeadMerge {
    private static final int SITES_TAG = 0x6d70_7420;
    private static final int MAP_TAG = SITES_TAG + 2;
    private static final int MERGE_TAG = SITES_TAG + 4;
    private static final int ROOT_TAG = SITES_TAG + 6;

    private LeadMerge() {}

    /**
     * Runs on every rank; only leads and rank 0 exchange anything.
     *
     * @param partial this rank's partial trace (ignored unless it is a lead)
     * @param file    rank 0's online trace file, null elsewhere
     * @return at rank 0 the merged block in the file's site numbering; null elsewhere
     */
    static GlobalTrace merge(RankContext ctx, Clustering clustering, List<TraceNode> partial, OnlineTraceFile file)
            throws ReflectiveOperationException {
        int[] leads = clustering.leads();
        Arrays.sort(leads);
        Cluster mine = clustering.clusterOf(ctx.rank);
        boolean lead = mine != null && mine.lead() == ctx.rank;
        boolean sharedJvm = "multicore".equals(ctx.mpj.device());
        int[] map = null;
        if (!sharedJvm) map = exchangeSites(ctx, leads, lead, file);
        GlobalTrace block = null;
        if (lead) {
            block = ownBlock(ctx, mine, partial, map);
            int i = Arrays.binarySearch(leads, ctx.rank);
            for (int step = 1; step < leads.length; step <<= 1) {
                if ((i & step) != 0) {
                    ctx.mpj.sendBytes(ctx.privateComm, GlobalCodec.encode(block), leads[i - step], MERGE_TAG);
                    block = null;
                    break;
                }
                if (i + step < leads.length) {
                    int from = leads[i + step];
                    block = TraceMerge.merge(block, readable(ctx, ctx.mpj.recvBytes(ctx.privateComm, from, MERGE_TAG), from,
                            subtreeRanks(clustering, leads, i + step, step)));
                }
            }
            if (i == 0 && ctx.rank != 0) {
                ctx.mpj.sendBytes(ctx.privateComm, GlobalCodec.encode(block), 0, ROOT_TAG);
                block = null;
            }
        }
        if (ctx.rank != 0) return null;
        if (leads[0] != 0) block = readable(ctx, ctx.mpj.recvBytes(ctx.privateComm, leads[0], ROOT_TAG), leads[0], clustering.ranks());
        if (sharedJvm) {
            List<CallPath> paths = ctx.tracer.paths.snapshot(); // paths before sites: every site a path names is interned
            block = SiteRenumbering.renumber(block, file.siteMap(ctx.tracer.sites.snapshot(), paths));
        }
        return block;
    }

    /** The lead's partial trace as its whole cluster's; an empty one (and tracing off) if that fails. */
    private static GlobalTrace ownBlock(RankContext ctx, Cluster mine, List<TraceNode> partial, int[] map) {
        try {
            GlobalTrace block = GlobalTrace.ofRanks(mine.members(), partial);
            return map == null ? block : SiteRenumbering.renumber(block, map);
        } catch (RuntimeException e) {
            ctx.disable(e);
            return new GlobalTrace(List.of(), mine.members());
        }
    }

    /**
     * niodev: every lead but rank 0 sends rank 0 its JVM's site and call-path tables and gets back the
     * unified id of each of its sites; rank 0 answers the leads in order, then maps its own table.
     * Returns this rank's map when it is a lead, else null.
     */
    private static int[] exchangeSites(RankContext ctx, int[] leads, boolean lead, OnlineTraceFile file)
            throws ReflectiveOperationException {
        if (ctx.rank == 0) {
            for (int l : leads) {
                if (l == 0) continue;
                int[] map;
                try {
                    RankPayload p = PayloadCodec.decode(ctx.mpj.recvBytes(ctx.privateComm, l, SITES_TAG));
                    map = file.siteMap(p.sites(), p.callPaths());
                } catch (Exception e) {
                    TracerLog.line("rank 0: the call-site table of lead " + l + " could not be read (" + TracerLog.describe(e) + ")");
                    map = new int[0];
                }
                sendMap(ctx, l, map);
            }
            List<CallPath> paths = ctx.tracer.paths.snapshot();
            return lead ? file.siteMap(ctx.tracer.sites.snapshot(), paths) : null;
        }
        if (!lead) return null;
        List<CallPath> paths = ctx.tracer.paths.snapshot();
        List<CallSite> sites = ctx.tracer.sites.snapshot();
        ctx.mpj.sendBytes(ctx.privateComm, PayloadCodec.encode(new RankPayload(ctx.emptyTrace(), sites, paths)), 0, SITES_TAG);
        byte[] bytes = ctx.mpj.recvBytes(ctx.privateComm, 0, MAP_TAG);
        java.nio.IntBuffer ints = java.nio.ByteBuffer.wrap(bytes).asIntBuffer();
        int[] map = new int[ints.remaining()];
        ints.get(map);
        return map;
    }

    private static void sendMap(RankContext ctx, int rank, int[] map) throws ReflectiveOperationException {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(map.length * 4);
        b.asIntBuffer().put(map);
        ctx.mpj.sendBytes(ctx.privateComm, b.array(), rank, MAP_TAG);
    }

    /** The ranks of the clusters whose leads are leads[from .. from + count). */
    private static RankSet subtreeRanks(Clustering clustering, int[] leads, int from, int count) {
        RankSet ranks = RankSet.empty();
        for (int j = from; j < Math.min(leads.length, from + count); j++) ranks = ranks.union(clustering.clusterOf(leads[j]).members());
        return ranks;
    }

    /** A merged block sent by another lead; if it cannot be read (a bug of ours), an empty one of its ranks. */
    private static GlobalTrace readable(RankContext ctx, byte[] bytes, int from, RankSet ranks) {
        try {
            return GlobalCodec.decode(bytes);
        } catch (Exception e) {
            TracerLog.line("rank " + ctx.rank + ": the merged trace from lead " + from + " could not be read (" + TracerLog.describe(e) + ")");
            return new GlobalTrace(List.of(), ranks);
        }
    }
}
