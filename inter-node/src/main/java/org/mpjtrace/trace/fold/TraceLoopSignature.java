package org.mpjtrace.trace.fold;

import java.util.List;
import org.mpjtrace.signatures.cluster.LoopSignature;

/**
 * ACURDION's LOOP signature of a loop-compressed trace: every loop's mean iteration count, by its height
 * in the nest (0 for a loop with no loop inside), packed by {@link LoopSignature}.
 */
public final class TraceLoopSignature {

    private TraceLoopSignature() {}

    public static long of(List<TraceNode> nodes) {
        LoopSignature loops = new LoopSignature();
        heights(nodes, loops);
        return loops.word();
    }

    /** Adds every loop in nodes to loops; returns the height of the tallest of them, -1 when there is none. */
    private static int heights(List<TraceNode> nodes, LoopSignature loops) {
        int tallest = -1;
        for (TraceNode n : nodes) {
            if (!(n instanceof LoopNode loop)) continue;
            int height = heights(loop.body(), loops) + 1;
            loops.add(height, Math.round(loop.counts().mean()));
            tallest = Math.max(tallest, height);
        }
        return tallest;
    }
}
