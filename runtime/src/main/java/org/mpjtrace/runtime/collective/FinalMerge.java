package org.mpjtrace.runtime.collective;

import java.util.List;
import org.mpjtrace.runtime.config.TracerLog;
import org.mpjtrace.runtime.rank.RankContext;
import org.mpjtrace.signatures.cluster.BinomialTree;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.global.SiteRenumbering;
import org.mpjtrace.trace.global.TraceMerge;
import org.mpjtrace.trace.io.GlobalCodec;
import org.mpjtrace.trace.io.TraceFormatException;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * Mode full's merge at MPI.Finalize (ScalaTrace's inter-node compression): every rank's loop-compressed
 * trace, renumbered into the file's call-site ids, is merged up the {@link BinomialTree} of all ranks on
 * the private communicator. A rank takes its children's merged subtrees in, nearest first, merges each
 * into its own ({@link TraceMerge}) and sends the result to its parent; rank 0 ends with every rank's.
 * ceil(log2 P) rounds, the same tree the clustering runs over.
 */
final class FinalMerge {

    private FinalMerge() {}

    /**
     * Runs on every rank with the rank's map of its JVM's site ids to the file's. Returns the merge of
     * this rank's subtree (at rank 0: of all ranks). A child's trace that cannot be read is replaced by an
     * empty trace of its subtree's ranks, with one line on stderr.
     */
    static GlobalTrace mergeUp(RankContext ctx, int[] siteMap) throws ReflectiveOperationException {
        GlobalTrace mine = renumbered(ctx, siteMap);
        for (int child : BinomialTree.children(ctx.rank, ctx.size)) {
            byte[] bytes = ctx.mpj.recvBytes(ctx.privateComm(), child, MessageTags.FINAL_MERGE);
            GlobalTrace theirs;
            try {
                theirs = GlobalCodec.decode(bytes);
            } catch (TraceFormatException | RuntimeException e) {
                TracerLog.line("rank " + ctx.rank + ": the merged trace of ranks from " + child + " could not be read (" + TracerLog.describe(e) + ")");
                theirs = new GlobalTrace(List.of(), RankSet.range(child, BinomialTree.subtreeSize(child, ctx.size), 1));
            }
            mine = TraceMerge.merge(mine, theirs);
        }
        int parent = BinomialTree.parent(ctx.rank);
        if (parent >= 0) ctx.mpj.sendBytes(ctx.privateComm(), GlobalCodec.encode(mine), parent, MessageTags.FINAL_MERGE);
        return mine;
    }

    /** This rank's compressed trace with the file's site ids; an empty one (and tracing off) on failure. */
    private static GlobalTrace renumbered(RankContext ctx, int[] map) {
        try {
            return SiteRenumbering.renumber(GlobalTrace.ofRank(ctx.rank, ctx.loops.nodes()), map);
        } catch (Throwable t) {
            ctx.disable(t);
            return new GlobalTrace(List.of(), RankSet.single(ctx.rank));
        }
    }
}
