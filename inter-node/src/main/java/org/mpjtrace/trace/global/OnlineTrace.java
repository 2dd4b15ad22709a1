package org.mpjtrace.trace.global;

import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * Rank 0's global trace in the clustering modes, built one marker interval at a time: at each marker
 * the leads' partial traces are merged into a block, which is appended here, and the file is rewritten
 * from {@link #trace()}.
 *
 * <p>A block with the shape of the one before it (same nodes, ranks, calls, values and loop counts;
 * only the times may differ) is not stored again: the previous entry counts one more repeat and its
 * histograms take the new times. A regular code, whose intervals are all alike, thus keeps a trace of
 * one block's size however many intervals it runs, and the file written at each marker does not grow.
 * Expanding {@link #trace()} for a rank gives exactly the appended blocks' expansions for that rank,
 * one after another.
 *
 * <p>Not thread-safe: rank 0 appends and writes from one thread.
 */
public final class OnlineTrace {
    private final List<RepeatedBlock> entries = new ArrayList<>();
    private RankSet ranks = RankSet.empty();
    private long mergeNanos;
    private long calls;
    private int blocks;

    /**
     * Appends the merged trace of one marker interval. Its {@link GlobalTrace#mergeNanos()} is taken
     * as the time that interval's merge took, and added to the running total the trace reports: the
     * block is what the merge produced, so it is where that time is known. A block without nodes (no
     * lead made a call since the last marker) is ignored altogether.
     *
     * <p>The block's nodes become part of the trace and are never changed: pass each interval's own
     * block (expansion tells occurrences apart by node identity, so one block object must not be
     * appended twice).
     */
    public void append(GlobalTrace block) {
        List<GlobalNode> nodes = block.nodes();
        if (nodes.isEmpty()) return;
        blocks++;
        calls += block.calls();
        mergeNanos += block.mergeNanos();
        ranks = ranks.union(block.ranks());
        int last = entries.size() - 1;
        if (last >= 0 && entries.get(last).sameShape(nodes)) entries.set(last, entries.get(last).plus(nodes));
        else entries.add(new RepeatedBlock(nodes));
    }

    /**
     * The whole online trace: the entries in order, a block seen once inline, a block repeated n times
     * as one loop of n iterations, then the loops that intervals cut apart joined again
     * ({@link LoopJoin}); its ranks are every block's, its merge time the sum of theirs.
     */
    public GlobalTrace trace() {
        List<GlobalNode> nodes = new ArrayList<>();
        for (RepeatedBlock e : entries) nodes.addAll(e.nodes());
        return new GlobalTrace(LoopJoin.join(nodes), ranks, mergeNanos);
    }

    /** The calls all appended blocks stand for (each block's {@link GlobalTrace#calls()}, summed). */
    public long calls() {
        return calls;
    }

    /** Non-empty blocks appended, counting each repeat (before folding). */
    public int blocks() {
        return blocks;
    }
}
