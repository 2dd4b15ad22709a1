package org.mpjtrace.trace.fold;

import java.util.List;

/**
 * An estimate of the heap a rank's compressed trace takes, for reporting trace memory without a heap
 * walk. It counts what the nodes store, under a simple model of a 64-bit JVM with compressed oops: an
 * object is a 12-byte header plus its fields, rounded up to 8 bytes; an array a 16-byte header plus
 * its elements, rounded up to 8; a reference 4 bytes, an int 4, a long 8; a list is taken as an
 * ArrayList-like object (two ints and a reference) with a reference array as long as the list (spare
 * capacity is not known here). Shared objects are counted each time they are reached.
 *
 * <p>It is not exact, but it follows the stored size: 0 for no nodes, more for more distinct calls or
 * values that do not fold, and the same for a loop whose count grows, since folding stores the loop
 * once whatever its count.
 */
public final class TraceFootprint {
    private static final int HEADER = 12;
    private static final int ARRAY_HEADER = 16;
    private static final int REF = 4;
    private static final int INT = 4;
    private static final int LONG = 8;

    private TraceFootprint() {}

    /**
     * Bytes taken by {@code nodes} and everything they hold, plus a reference to each from the list
     * holding them (the list object itself belongs to the caller).
     */
    public static long bytes(List<TraceNode> nodes) {
        long total = 0;
        for (TraceNode n : nodes) total += REF + node(n);
        return total;
    }

    private static long node(TraceNode n) {
        return n instanceof EventNode e ? event(e) : loop((LoopNode) n);
    }

    /** Fields: op, site, plainCount, stack, shapeHash, plain, seqs, compute, inside. */
    private static long event(EventNode e) {
        long total = object(3 * INT + 2 * LONG + 4 * REF) + histogram(e.compute()) + histogram(e.inside());
        ValueSeq[] seqs = e.storedSequences();
        if (seqs == null) return total + array(e.plainLongs(), LONG);
        total += array(seqs.length, REF);
        for (ValueSeq s : seqs) total += valueSeq(s);
        return total;
    }

    /** Fields: body, shapeHash, closedCounts, current. */
    private static long loop(LoopNode l) {
        long total = object(2 * REF + 2 * LONG) + list(l.body().size()) + valueSeq(l.closedCounts());
        for (TraceNode n : l.body()) total += node(n);
        return total;
    }

    /** Fields: count, min, max, sum, bins, few; and the array of the few values, or the bins. */
    private static long histogram(Histogram h) {
        return object(4 * LONG + 2 * REF) + (h.hasBins() ? array(Histogram.BINS, LONG) : h.hasFew() ? array(Histogram.FEW, LONG) : 0);
    }

    /** Fields: elems, pendingStart, pendingStride, pendingLength, size; and the closed elements. */
    private static long valueSeq(ValueSeq s) {
        long total = object(REF + 4 * LONG);
        List<ValueSeq.Elem> closed = s.closedElements();
        return closed == null ? total : total + elements(closed);
    }

    private static long elements(List<ValueSeq.Elem> elems) {
        long total = list(elems.size());
        for (ValueSeq.Elem e : elems) {
            // A run holds start, stride, length; a repetition its count, body and body hash.
            total += e instanceof ValueSeq.Rep r ? object(2 * LONG + REF) + elements(r.body()) : object(3 * LONG);
        }
        return total;
    }

    private static long list(int size) {
        return object(2 * INT + REF) + array(size, REF);
    }

    private static long object(int fieldBytes) {
        return align(HEADER + fieldBytes);
    }

    private static long array(int length, int elementBytes) {
        return align(ARRAY_HEADER + (long) length * elementBytes);
    }

    private static long align(long bytes) {
        return (bytes + 7) & ~7L;
    }
}
