package org.mpjtrace.trace.global;

import java.util.List;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * A loop of the merged trace: its body, the ranks that run it, and per rank the iteration count of
 * each time it ran.
 */
public record GlobalLoop(List<GlobalNode> body, Alternatives<ValueSeq> counts, RankSet ranks) implements GlobalNode {

    public GlobalLoop {
        if (body.isEmpty()) throw new IllegalArgumentException("empty loop body");
        body = List.copyOf(body);
    }

    @Override
    public int nodeCount() {
        int n = 1;
        for (GlobalNode b : body) n += b.nodeCount();
        return n;
    }
}
