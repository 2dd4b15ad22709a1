package org.mpjtrace.runtime.collective;

import org.mpjtrace.runtime.config.TracerLog;
import org.mpjtrace.runtime.rank.RankContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.fold.TraceNode;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.global.OnlineTrace;
import org.mpjtrace.trace.global.SiteRenumbering;
import org.mpjtrace.trace.global.TraceMerge;
import org.mpjtrace.trace.io.GlobalCodec;
import org.mpjtrace.trace.io.PayloadCodec;
import org.mpjtrace.trace.io.RankPayload;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * The leads' merge at a marker (Chameleon's Algorithm 3, lines 27-52): each lead gives its partial trace
 * its cluster's ranklist, the leads merge over a radix tree of their own (only K ranks take part; lead i's
 * parent is lead (i - 1) / RADIX, in rank order), and the tree's root hands the result to rank 0, which
 * appends it to the online trace. The messages are byte arrays on the private communicator, so no
 * leads-only communicator has to be built (Group.Incl and Create are collectives over every rank).
 *
 * <p>Nobody waits for what does not concern them: a lead sends its block up the tree without waiting for
 * it to be received (the send completes before the lead's next merge), and rank 0 only takes the
 * messages in; it decodes and merges them on its writer thread ({@link #merged}), after the marker, so
 * the program runs on meanwhile. Only leads inside the tree (more than RADIX + 1 leads) merge on their
 * own thread, as their parent needs the result.
 *
 * <p>Call-site ids are per JVM. In multicore mode every rank shares one JVM and its table, so rank 0
 * renumbers the merged block once; with a JVM per rank (niodev) each lead first sends rank 0 its JVM's
 * table and renumbers its own trace with the map rank 0 answers, so the leads merge traces in one
 * numbering.
 */
final class LeadMerge {
    /**
     * Children per lead in the merge tree. Every hop costs two MPJ messages, whose latency, with many
     * ranks sharing few cores, dwarfs merging a few small traces: with K up to 9 the tree is one hop
     * (every lead sends to the first), and it grows by one level per factor of 8 beyond.
     */
    private static final int RADIX = 8;

    /** An encoded block from {@code from}, standing for {@code ranks}. */
    record Message(int from, byte[] bytes, RankSet ranks) {}

    /**
     * What rank 0 holds after its part of a merge: its own block when it is the root of the leads' tree
     * (else null), the messages to merge into it in order, and whether the result is still in this JVM's
     * site numbering (multicore) rather than the file's.
     */
    record Arrivals(GlobalTrace own, List<Message> messages, boolean renumber) {}

    private LeadMerge() {}

    /**
     * Runs on every rank; only leads and rank 0 exchange anything.
     *
     * @param prefix  what goes before the partial trace: a moved non-lead's calls before it proposed its own
     *                loop, as its old lead gave them (usually empty)
     * @param partial this rank's partial trace (ignored unless it is a lead)
     * @param file    rank 0's online trace file, null elsewhere
     * @param sends   where a lead leaves the handles of the sends it started, to wait for before its next merge
     * @return at rank 0 what arrived, for {@link #merged}; null elsewhere
     */
    static Arrivals merge(RankContext ctx, Clustering clustering, List<TraceNode> prefix, List<TraceNode> partial, OnlineTraceFile file, List<Object> sends)
            throws ReflectiveOperationException {
        int[] leads = clustering.leads();
        Arrays.sort(leads);
        Cluster mine = clustering.clusterOf(ctx.rank);
        boolean lead = mine != null && mine.lead() == ctx.rank;
        boolean sharedJvm = "multicore".equals(ctx.mpj.device());
        int[] map = null;
        if (!sharedJvm) map = exchangeSites(ctx, leads, lead, file);
        GlobalTrace block = null;
        List<Message> arrived = new ArrayList<>();
        if (lead) {
            block = ownBlock(ctx, clustering, mine, prefix, partial, map);
            int i = Arrays.binarySearch(leads, ctx.rank);
            for (int c = RADIX * i + 1; c <= RADIX * i + RADIX && c < leads.length; c++) {
                Message m = new Message(leads[c], ctx.mpj.recvBytes(ctx.privateComm(), leads[c], MessageTags.LEAD_MERGE), subtreeRanks(clustering, leads, c));
                if (ctx.rank == 0) arrived.add(m);
                else block = TraceMerge.merge(block, readable(ctx, m));
            }
            int parent = i == 0 ? 0 : leads[(i - 1) / RADIX];
            if (ctx.rank != parent) {
                sends.add(ctx.mpj.isendBytes(ctx.privateComm(), GlobalCodec.encode(block), parent, i == 0 ? MessageTags.LEAD_ROOT : MessageTags.LEAD_MERGE));
                block = null;
            }
        }
        if (ctx.rank != 0) return null;
        if (leads[0] != 0) arrived.add(new Message(leads[0], ctx.mpj.recvBytes(ctx.privateComm(), leads[0], MessageTags.LEAD_ROOT), clustering.ranks()));
        return new Arrivals(block, arrived, sharedJvm);
    }

    /** Rank 0's writer thread: what arrived, decoded and merged in order, in the file's site numbering. */
    static GlobalTrace merged(RankContext ctx, Arrivals arrivals, OnlineTraceFile file) {
        GlobalTrace block = arrivals.own();
        for (Message m : arrivals.messages()) {
            GlobalTrace theirs = readable(ctx, m);
            block = block == null ? theirs : TraceMerge.merge(block, theirs);
        }
        if (block != null && arrivals.renumber()) block = SiteRenumbering.renumber(block, file.ownSiteMap());
        return block;
    }

    /**
     * The lead's partial trace as its whole cluster's (peers absolute when the cluster was formed on
     * absolute end-points and has other members); an empty one (and tracing off) if that fails.
     */
    private static GlobalTrace ownBlock(RankContext ctx, Clustering clustering, Cluster mine, List<TraceNode> prefix, List<TraceNode> partial, int[] map) {
        try {
            GlobalTrace block = asBlock(ctx, clustering, mine, partial);
            if (!prefix.isEmpty()) {
                // The prefix's last loop and the partial trace's first are one loop cut in two: joined again.
                OnlineTrace joined = new OnlineTrace();
                joined.append(asBlock(ctx, clustering, mine, prefix));
                joined.append(block);
                block = joined.trace();
            }
            return map == null ? block : SiteRenumbering.renumber(block, map);
        } catch (RuntimeException e) {
            ctx.disable(e);
            return new GlobalTrace(List.of(), mine.members());
        }
    }

    private static GlobalTrace asBlock(RankContext ctx, Clustering clustering, Cluster mine, List<TraceNode> nodes) {
        return clustering.absoluteEndpoints() && mine.members().size() > 1
                ? GlobalTrace.ofRanksWithAbsolutePeers(mine.members(), ctx.rank, ctx.size, nodes)
                : GlobalTrace.ofRanks(mine.members(), nodes);
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
                    RankPayload p = PayloadCodec.decode(ctx.mpj.recvBytes(ctx.privateComm(), l, MessageTags.LEAD_SITES));
                    map = file.siteMap("lead " + l, p.sites(), p.callPaths());
                } catch (Exception e) {
                    TracerLog.line("rank 0: the call-site table of lead " + l + " could not be read (" + TracerLog.describe(e) + ")");
                    map = new int[0];
                }
                ctx.mpj.sendInts(ctx.privateComm(), map, l, MessageTags.LEAD_SITE_MAP);
            }
            return lead ? file.ownSiteMap() : null;
        }
        if (!lead) return null;
        List<CallPath> paths = ctx.tracer.paths().snapshot();
        List<CallSite> sites = ctx.tracer.sites().snapshot();
        ctx.mpj.sendBytes(ctx.privateComm(), PayloadCodec.encode(new RankPayload(ctx.emptyTrace(), sites, paths)), 0, MessageTags.LEAD_SITES);
        return ctx.mpj.recvInts(ctx.privateComm(), 0, MessageTags.LEAD_SITE_MAP);
    }

    /** The ranks of the clusters whose leads are in the subtree of leads[top]. */
    private static RankSet subtreeRanks(Clustering clustering, int[] leads, int top) {
        RankSet ranks = clustering.clusterOf(leads[top]).members();
        for (int c = RADIX * top + 1; c <= RADIX * top + RADIX && c < leads.length; c++) ranks = ranks.union(subtreeRanks(clustering, leads, c));
        return ranks;
    }

    /** A merged block sent by another lead; if it cannot be read (a bug of ours), an empty one of its ranks. */
    private static GlobalTrace readable(RankContext ctx, Message m) {
        try {
            return GlobalCodec.decode(m.bytes());
        } catch (Exception e) {
            TracerLog.line("rank " + ctx.rank + ": the merged trace from lead " + m.from() + " could not be read (" + TracerLog.describe(e) + ")");
            return new GlobalTrace(List.of(), m.ranks());
        }
    }
}
