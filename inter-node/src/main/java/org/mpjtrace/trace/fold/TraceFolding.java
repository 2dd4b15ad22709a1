package org.mpjtrace.trace.fold;

import java.util.ArrayList;
import java.util.List;

/**
 * One rank's trace being compressed as it is recorded: nodes are appended in call order and the tail
 * is folded into loops at once (see {@link LoopFolding}), so memory stays proportional to the
 * compressed size, not to the number of calls.
 */
public final class TraceFolding {
    /** Longest loop body, in nodes, that folding finds (a loop of loops counts as one node). */
    public static final int DEFAULT_WINDOW = 64;

    private static final LoopRules<TraceNode> RULES = new LoopRules<>() {
        @Override public long shapeHash(TraceNode n) { return n.shapeHash(); }
        @Override public boolean sameShape(TraceNode a, TraceNode b) { return a.sameShape(b); }
        @Override public List<TraceNode> bodyOfLoop(TraceNode n, int k) {
            return n instanceof LoopNode l && l.body().size() == k ? l.body() : null;
        }
        @Override public boolean tailReady(TraceNode counterpart, TraceNode tailLast) {
            return !(tailLast instanceof LoopNode open) || ((LoopNode) counterpart).currentCount() == open.currentCount();
        }
        @Override public TraceNode newLoop(List<TraceNode> first, List<TraceNode> second) { return LoopNode.ofTwo(first, second); }
        @Override public void addIteration(TraceNode loop, List<TraceNode> iteration) { ((LoopNode) loop).addIteration(iteration); }
    };

    private final List<TraceNode> nodes = new ArrayList<>();
    private final int window;

    public TraceFolding() {
        this(DEFAULT_WINDOW);
    }

    public TraceFolding(int window) {
        if (window < 1) throw new IllegalArgumentException("window must be at least 1");
        this.window = window;
    }

    public void append(TraceNode node) {
        nodes.add(node);
        LoopFolding.foldTail(nodes, window, RULES);
    }

    /** The compressed trace so far (the live list: do not modify). */
    public List<TraceNode> nodes() {
        return nodes;
    }

    /** Folds {@code from} (same shape as {@code into}) into {@code into}. */
    static void absorb(TraceNode into, TraceNode from) {
        if (into instanceof EventNode e) e.absorb((EventNode) from);
        else ((LoopNode) into).absorb((LoopNode) from);
    }
}
