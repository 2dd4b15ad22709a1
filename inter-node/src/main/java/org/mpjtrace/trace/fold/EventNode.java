package org.mpjtrace.trace.fold;

import org.mpjtrace.signatures.Mix64;

/**
 * All occurrences of one MPJ call at one place in a loop structure. Its identity is the op, the
 * stack signature (the call site and how it was reached) and the calling thread's number in its rank;
 * everything else about each occurrence is
 * kept losslessly, one {@link ValueSeq} per {@link Field}, in occurrence order; times go into two
 * histograms: compute time before the call (since the rank's previous call returned) and time inside.
 *
 * <p>A node keeps its first few occurrences' values as plain longs: most nodes are folded into another
 * at once, or after the few iterations of a short inner loop, so they never build sequences. Sequences
 * are built from the plain values one by one, in order, exactly as if each had been appended to them.
 */
public final class EventNode implements TraceNode {
    private final int op;
    private final int thread;
    private final int site;
    private final long stack;
    private final long shapeHash;
    /** Occurrences kept as plain values before sequences are built. */
    private static final int PLAIN_LIMIT = 8;
    private static final int FIELDS = Field.ALL.length;

    /** The values of the first {@link #plainCount} occurrences, field by field; null once {@link #seqs} holds them. */
    private long[] plain;
    private int plainCount;
    private ValueSeq[] seqs;
    private final Histogram compute;
    private final Histogram inside;

    /** A node of one occurrence: its field values in {@link Field} order, and its two times. */
    public EventNode(int op, int thread, int site, long stack, long[] values, long computeNanos, long insideNanos) {
        this(op, thread, site, stack);
        if (values.length != FIELDS) throw new IllegalArgumentException("one value per field");
        this.plain = values;
        this.plainCount = 1;
        compute.add(computeNanos);
        inside.add(insideNanos);
    }

    private EventNode(int op, int thread, int site, long stack) {
        this.op = op;
        this.thread = thread;
        this.site = site;
        this.stack = stack;
        this.shapeHash = shapeHashOf(op, thread, stack);
        this.compute = new Histogram();
        this.inside = new Histogram();
    }

    public int op() { return op; }
    public int thread() { return thread; }
    public int site() { return site; }
    public long stack() { return stack; }
    public Histogram compute() { return compute; }
    public Histogram inside() { return inside; }

    /** The values of one field over all occurrences. */
    public ValueSeq values(Field f) {
        materialise();
        return seqs[f.ordinal()];
    }

    /** The stored value sequences, or null while the node holds its occurrences as plain longs. */
    ValueSeq[] storedSequences() {
        return seqs;
    }

    /** Longs held for occurrences kept as plain values (0 once sequences hold them), for memory estimates. */
    int plainLongs() {
        return plain == null ? 0 : plain.length;
    }

    /** Number of occurrences. */
    public long occurrences() {
        return compute.count();
    }

    /** Appends {@code other}'s occurrences (same shape) after this node's. */
    void absorb(EventNode other) {
        if (other.seqs == null) {
            for (int o = 0; o < other.plainCount; o++) appendOccurrence(other.plain, o * FIELDS);
        } else {
            materialise();
            for (int i = 0; i < FIELDS; i++) seqs[i].appendAll(other.seqs[i]);
        }
        compute.addAll(other.compute);
        inside.addAll(other.inside);
    }

    /** Appends one occurrence: its field values at {@code values[from]} (in {@link Field} order) and its two times. */
    void addOccurrence(long[] values, int from, long computeNanos, long insideNanos) {
        appendOccurrence(values, from);
        compute.add(computeNanos);
        inside.add(insideNanos);
    }

    private void appendOccurrence(long[] values, int from) {
        if (seqs == null) {
            if (plainCount < PLAIN_LIMIT) {
                int end = (plainCount + 1) * FIELDS;
                if (plain.length < end) plain = java.util.Arrays.copyOf(plain, Math.min(PLAIN_LIMIT * FIELDS, 2 * plain.length));
                System.arraycopy(values, from, plain, plainCount * FIELDS, FIELDS);
                plainCount++;
                return;
            }
            materialise();
        }
        for (int i = 0; i < FIELDS; i++) seqs[i].append(values[from + i]);
    }

    private void materialise() {
        if (seqs != null) return;
        seqs = new ValueSeq[FIELDS];
        for (int i = 0; i < FIELDS; i++) {
            ValueSeq s = new ValueSeq();
            for (int o = 0; o < plainCount; o++) s.append(plain[o * FIELDS + i]);
            seqs[i] = s;
        }
        plain = null;
        plainCount = 0;
    }

    @Override
    public long shapeHash() {
        return shapeHash;
    }

    @Override
    public boolean sameShape(TraceNode other) {
        return other instanceof EventNode e && isShape(e.op, e.thread, e.stack);
    }

    /** The shape hash of a node of {@code op}'s calls by thread {@code thread} with stack signature {@code stack}. */
    static long shapeHashOf(int op, int thread, long stack) {
        return Mix64.combine(Mix64.mix(op + 31L * thread), stack);
    }

    /** Whether a call of {@code op} by thread {@code thread} with stack signature {@code stack} has this node's shape. */
    boolean isShape(int op, int thread, long stack) {
        return op == this.op && stack == this.stack && thread == this.thread;
    }

    @Override
    public int nodeCount() {
        return 1;
    }
}
