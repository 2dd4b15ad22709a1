package org.mpjtrace.trace.fold;

import org.mpjtrace.signatures.Mix64;

/**
 * All occurrences of one MPJ call at one place in a loop structure. Its identity is the op and the
 * stack signature (the call site and how it was reached); everything else about each occurrence is
 * kept losslessly, one {@link ValueSeq} per {@link Field}, in occurrence order; times go into two
 * histograms: compute time before the call (since the rank's previous call returned) and time inside.
 *
 * <p>A node made from one record keeps that record's values as plain longs: most nodes are folded into
 * another at once, so they never build sequences.
 */
public final class EventNode implements TraceNode {
    private final int op;
    private final int site;
    private final long stack;
    private final long shapeHash;
    /** The values of a single occurrence, or null once {@link #seqs} holds them. */
    private long[] single;
    private ValueSeq[] seqs;
    private final Histogram compute;
    private final Histogram inside;

    /** A node of one occurrence: its field values in {@link Field} order, and its two times. */
    public EventNode(int op, int site, long stack, long[] values, long computeNanos, long insideNanos) {
        this(op, site, stack);
        if (values.length != Field.ALL.length) throw new IllegalArgumentException("one value per field");
        this.single = values;
        compute.add(computeNanos);
        inside.add(insideNanos);
    }

    private EventNode(int op, int site, long stack) {
        this.op = op;
        this.site = site;
        this.stack = stack;
        this.shapeHash = Mix64.combine(Mix64.mix(op), stack);
        this.compute = new Histogram();
        this.inside = new Histogram();
    }

    public int op() { return op; }
    public int site() { return site; }
    public long stack() { return stack; }
    public Histogram compute() { return compute; }
    public Histogram inside() { return inside; }

    /** The values of one field over all occurrences. */
    public ValueSeq values(Field f) {
        materialise();
        return seqs[f.ordinal()];
    }

    /** The stored value sequences, or null while the node holds one occurrence as plain longs. */
    ValueSeq[] storedSequences() {
        return seqs;
    }

    /** Number of occurrences. */
    public long occurrences() {
        return compute.count();
    }

    /** Appends {@code other}'s occurrences (same shape) after this node's. */
    void absorb(EventNode other) {
        materialise();
        if (other.single != null) {
            for (int i = 0; i < seqs.length; i++) seqs[i].append(other.single[i]);
        } else {
            for (int i = 0; i < seqs.length; i++) seqs[i].appendAll(other.seqs[i]);
        }
        compute.addAll(other.compute);
        inside.addAll(other.inside);
    }

    private void materialise() {
        if (seqs != null) return;
        seqs = new ValueSeq[single.length];
        for (int i = 0; i < single.length; i++) seqs[i] = ValueSeq.of(single[i]);
        single = null;
    }

    @Override
    public long shapeHash() {
        return shapeHash;
    }

    @Override
    public boolean sameShape(TraceNode other) {
        return other instanceof EventNode e && e.op == op && e.stack == stack;
    }

    @Override
    public int nodeCount() {
        return 1;
    }
}
