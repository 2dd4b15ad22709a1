package org.mpjtrace.cli.compare;

import java.util.List;
import org.mpjtrace.signatures.cluster.LoopSignature;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.global.GlobalTrace;

/**
 * ACURDION's LOOP signature of one rank as a compressed trace holds it: every loop the rank runs, at its
 * height in the nest (0 for a loop with no loop inside it that the rank runs), with the rank's mean
 * iteration count.
 */
final class RankLoops {
    private RankLoops() {}

    static long of(GlobalTrace trace, int rank) {
        LoopSignature loops = new LoopSignature();
        heights(trace.nodes(), rank, loops);
        return loops.word();
    }

    /** Adds the rank's loops among nodes; returns the height of the tallest, -1 when there is none. */
    private static int heights(List<GlobalNode> nodes, int rank, LoopSignature loops) {
        int tallest = -1;
        for (GlobalNode n : nodes) {
            if (!(n instanceof GlobalLoop loop) || !loop.ranks().contains(rank)) continue;
            int height = heights(loop.body(), rank, loops) + 1;
            ValueSeq counts = loop.counts().valueFor(rank);
            if (counts != null) loops.add(height, Math.round(counts.mean()));
            tallest = Math.max(tallest, height);
        }
        return tallest;
    }
}
