package org.mpjtrace.trace.fold;

import java.util.ArrayList;
import java.util.List;

/**
 * One rank's trace being compressed as it is recorded: nodes are appended in call order and the tail
 * is folded into loops at once (see {@link LoopFolding}), so memory stays proportional to the
 * compressed size, not to the number of calls. A call that continues the next iteration of the loop at
 * the end goes into that loop directly ({@link NextIteration}, {@link #appendCall}): 154 ns a record
 * against 288 for the general path alone on Stencil2D's records ({@code FoldBenchmark}, docs/benchmarks.md).
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
    private final NextIteration next = new NextIteration();
    /** Calls taken back from the fast path, to fold the general way. */
    private final List<EventNode> takenBack = new ArrayList<>();

    public TraceFolding() {
        this(DEFAULT_WINDOW);
    }

    public TraceFolding(int window) {
        if (window < 1) throw new IllegalArgumentException("window must be at least 1");
        this.window = window;
    }

    /** Appends a node the general way (after any calls still waiting on the fast path). */
    public void append(TraceNode node) {
        takeBack();
        fold(node);
    }

    /**
     * Appends one call: its op, thread, site and stack signature, its field values in {@link Field} order
     * ({@code values} is copied, so the caller may reuse it) and its compute and inside times. The calls come
     * back as from {@code append(new EventNode(...))}, in loops that are the same but where
     * {@link NextIteration} says; nothing is allocated while the call continues the last loop.
     */
    public void appendCall(int op, int thread, int site, long stack, long[] values, long computeNanos, long insideNanos) {
        switch (next.offer(nodes, window, op, thread, site, stack, values, computeNanos, insideNanos)) {
            case TAKEN -> { }
            case COMPLETED -> LoopFolding.foldTail(nodes, window, RULES); // the loop may now complete an outer one
            case REFUSED -> {
                takeBack();
                fold(new EventNode(op, thread, site, stack, values.clone(), computeNanos, insideNanos));
            }
        }
    }

    /**
     * The compressed trace so far (the live list: do not modify). Calls still waiting on the fast path are
     * folded in first, so call it where the appending thread would, as before.
     */
    public List<TraceNode> nodes() {
        takeBack();
        return nodes;
    }

    private void takeBack() {
        if (!next.waiting()) return;
        next.takeBack(takenBack);
        for (EventNode n : takenBack) fold(n);
        takenBack.clear();
    }

    private void fold(TraceNode node) {
        nodes.add(node);
        LoopFolding.foldTail(nodes, window, RULES);
    }

    /** Folds {@code from} (same shape as {@code into}) into {@code into}. */
    static void absorb(TraceNode into, TraceNode from) {
        if (into instanceof EventNode e) e.absorb((EventNode) from);
        else ((LoopNode) into).absorb((LoopNode) from);
    }
}
