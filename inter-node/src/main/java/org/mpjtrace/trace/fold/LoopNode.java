package org.mpjtrace.trace.fold;

import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.signatures.Mix64;

/**
 * A loop: its body, and the iteration count of each time the loop ran (a loop inside another runs
 * once per outer iteration). The counts are not part of the shape: an inner loop whose count varies
 * still folds into its outer loop, its counts kept as a value sequence.
 */
public final class LoopNode implements TraceNode {
    private final List<TraceNode> body;
    private final long shapeHash;
    /** Counts of the runs that are over. */
    private final ValueSeq closedCounts;
    /** Count of the latest run, which may still grow while the loop is at the end of its sequence. */
    private long current;

    LoopNode(List<TraceNode> body, long firstCount) {
        this(body, new ValueSeq(), firstCount);
    }

    private LoopNode(List<TraceNode> body, ValueSeq closedCounts, long current) {
        if (body.isEmpty()) throw new IllegalArgumentException("empty loop body");
        this.body = List.copyOf(body);
        long h = 0x4C4F4F50L; // "LOOP"
        for (TraceNode n : this.body) h = Mix64.combine(h, n.shapeHash());
        this.shapeHash = Mix64.mix(h ^ this.body.size());
        this.closedCounts = closedCounts;
        this.current = current;
    }

    public List<TraceNode> body() {
        return body;
    }

    /** The iteration count of every run of the loop, in order. */
    public ValueSeq counts() {
        ValueSeq all = new ValueSeq();
        all.appendAll(closedCounts);
        all.append(current);
        return all;
    }

    /** The stored counts of the runs that are over (the latest run's count is a plain long). */
    ValueSeq closedCounts() {
        return closedCounts;
    }

    /** Iterations of the latest run so far. */
    long currentCount() {
        return current;
    }

    void addIteration(List<TraceNode> iteration) {
        for (int i = 0; i < body.size(); i++) TraceFolding.absorb(body.get(i), iteration.get(i));
        current++;
    }

    /** Ends the latest run and records a new one of {@code count} iterations (a run whose iterations were put in its body one by one). */
    void addRun(long count) {
        closedCounts.append(current);
        current = count;
    }

    /** Counts one more iteration of the latest run, whose calls were put in the body already. */
    void addIterationCount() {
        current++;
    }

    /** Appends {@code other}'s runs (same shape) after this loop's. */
    void absorb(LoopNode other) {
        closedCounts.append(current);
        closedCounts.appendAll(other.closedCounts);
        current = other.current;
        for (int i = 0; i < body.size(); i++) TraceFolding.absorb(body.get(i), other.body.get(i));
    }

    @Override
    public long shapeHash() {
        return shapeHash;
    }

    @Override
    public boolean sameShape(TraceNode other) {
        if (!(other instanceof LoopNode l) || l.shapeHash != shapeHash || l.body.size() != body.size()) return false;
        for (int i = 0; i < body.size(); i++) if (!body.get(i).sameShape(l.body.get(i))) return false;
        return true;
    }

    @Override
    public int nodeCount() {
        int n = 1;
        for (TraceNode b : body) n += b.nodeCount();
        return n;
    }

    static LoopNode ofTwo(List<TraceNode> first, List<TraceNode> second) {
        LoopNode loop = new LoopNode(new ArrayList<>(first), 1);
        loop.addIteration(second);
        return loop;
    }
}
