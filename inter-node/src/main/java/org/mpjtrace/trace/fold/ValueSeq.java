package org.mpjtrace.trace.fold;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.mpjtrace.signatures.Mix64;

/**
 * A lossless, compressed sequence of long values (one parameter of one trace event over all its
 * occurrences, or a loop's iteration counts), built by appending. Values first gather into arithmetic
 * runs (start, stride, length: a constant is a run of stride 0; three values in progression make a
 * run, fewer stand alone); closed elements are folded into repetitions by {@link LoopFolding}, so a
 * pattern repeated every iteration costs the same whatever the number of iterations: {@code -4,-1,1,4}
 * a thousand times is {@code 1000*[-4 -1 1 4]}, {@code 0,1,...,99} is {@code 0+1x100}.
 *
 * <p>Equality is structural: two sequences built the same way from the same values are equal. (Two
 * equal value lists built differently may compare unequal; that costs compression, never accuracy.)
 */
public final class ValueSeq {
    /** Longest repeated pattern of elements that folding finds. */
    static final int WINDOW = 16;

    /** An element of a folded sequence. */
    public sealed interface Elem permits Run, Rep {}

    /** {@code length} values {@code start, start + stride, ...}; stride is 0 when length is 1. */
    public record Run(long start, long stride, long length) implements Elem {}

    /** {@code count} consecutive copies of {@code body}. */
    public static final class Rep implements Elem {
        long count;
        final List<Elem> body;
        private final long bodyHash;

        Rep(long count, List<Elem> body) {
            this.count = count;
            this.body = List.copyOf(body);
            this.bodyHash = hashOf(this.body);
        }

        public long count() { return count; }

        public List<Elem> body() { return body; }

        @Override
        public boolean equals(Object o) {
            return o instanceof Rep r && r.count == count && r.bodyHash == bodyHash && r.body.equals(body);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(Mix64.combine(bodyHash, count));
        }
    }

    private static final LoopRules<Elem> RULES = new LoopRules<>() {
        // Only a filter before equals: for a run its three numbers summed do, at a fraction of mixing them
        // (folding hashes the tail's elements at every closed run: most of a fold thread's value work).
        @Override public long shapeHash(Elem e) { return e instanceof Run r ? r.start + 31 * r.stride + 961 * r.length : hashOf(e); }
        @Override public boolean sameShape(Elem a, Elem b) { return a.equals(b); }
        @Override public List<Elem> bodyOfLoop(Elem loop, int k) {
            return loop instanceof Rep r && r.body.size() == k ? r.body : null;
        }
        @Override public boolean tailReady(Elem counterpart, Elem tailLast) { return true; } // counts are in the shape
        @Override public Elem newLoop(List<Elem> first, List<Elem> second) { return repetition(2, first); }
        @Override public void addIteration(Elem loop, List<Elem> iteration) { ((Rep) loop).count++; }
    };

    /** Closed elements, in order; null until the first run closes (most sequences are one run). */
    private List<Elem> elems;
    // The pending values at the end: pendingLength values from pendingStart by pendingStride. With 1 or
    // 2 values no stride is committed yet (a run needs three values in progression, so that any two
    // values do not pair up and shift the phase of a repeated pattern); from 3 on it is an open run.
    private long pendingStart;
    private long pendingStride;
    private long pendingLength;
    private long size;

    public ValueSeq() {}

    /** A sequence holding one value. */
    public static ValueSeq of(long value) {
        ValueSeq s = new ValueSeq();
        s.append(value);
        return s;
    }

    /** Number of values. */
    public long size() {
        return size;
    }

    public void append(long v) {
        size++;
        if (pendingLength == 0) {
            pendingStart = v;
            pendingLength = 1;
        } else if (pendingLength == 1) {
            pendingStride = v - pendingStart;
            pendingLength = 2;
        } else if (v == pendingStart + pendingStride * pendingLength) {
            pendingLength++;
        } else if (pendingLength == 2) { // no progression: the first value stands alone
            close(new Run(pendingStart, 0, 1));
            pendingStart += pendingStride;
            pendingStride = v - pendingStart;
        } else {
            close(new Run(pendingStart, pendingStride, pendingLength));
            pendingStart = v;
            pendingLength = 1;
        }
    }

    /** Appends every value of {@code other}, in order. */
    public void appendAll(ValueSeq other) {
        if (other.elems != null) for (Elem e : other.elems) appendElem(e);
        for (Elem e : other.pendingElems()) appendElem(e);
    }

    private void appendElem(Elem e) {
        if (e instanceof Run r) {
            appendRun(r);
        } else {
            Rep rep = (Rep) e;
            closePending();
            size += rep.count * valueCount(rep.body);
            close(repetition(rep.count, rep.body));
        }
    }

    /** Exactly what appending the run's values one by one would do, in O(1) for long runs. */
    private void appendRun(Run r) {
        long head = Math.min(r.length, 4);
        for (long i = 0; i < head; i++) append(r.start + r.stride * i);
        long rest = r.length - head;
        if (rest == 0) return;
        // Four values of one progression in a row always leave an open run with its stride.
        if (pendingLength < 3 || pendingStride != r.stride) throw new IllegalStateException("run state");
        pendingLength += rest;
        size += rest;
    }

    private void closePending() {
        for (Elem e : pendingElems()) close(e);
        pendingLength = 0;
    }

    /** The pending values as elements: an open run, or one or two single values. */
    private List<Elem> pendingElems() {
        if (pendingLength == 0) return List.of();
        if (pendingLength == 1) return List.of(new Run(pendingStart, 0, 1));
        if (pendingLength == 2) return List.of(new Run(pendingStart, 0, 1), new Run(pendingStart + pendingStride, 0, 1));
        return List.of(new Run(pendingStart, pendingStride, pendingLength));
    }

    private void close(Elem e) {
        if (elems == null) elems = new ArrayList<>(4);
        int last = elems.size() - 1;
        // Two repetitions of one body in a row are one repetition: keeps 10*[x] 10*[x] from nesting.
        if (e instanceof Rep r && last >= 0 && elems.get(last) instanceof Rep q && q.body.equals(r.body)) {
            elems.set(last, new Rep(q.count + r.count, q.body));
        } else {
            elems.add(e);
        }
        LoopFolding.foldTail(elems, WINDOW, RULES);
    }

    /** How many top-level elements are closed: a cheap measure of how irregular the values are so far. */
    public int closedElementCount() {
        return elems == null ? 0 : elems.size();
    }

    /** The stored closed elements, or null while the sequence is pending values only (not a copy). */
    List<Elem> closedElements() {
        return elems;
    }

    /**
     * The whole sequence as elements, folded as if it ended here: the closed elements (top-level
     * repetitions copied, since folding a copy may count one of them up) and the pending values.
     */
    public List<Elem> elements() {
        List<Elem> all = new ArrayList<>();
        if (elems != null) for (Elem e : elems) all.add(e instanceof Rep r ? new Rep(r.count, r.body) : e);
        for (Elem e : pendingElems()) {
            all.add(e);
            LoopFolding.foldTail(all, WINDOW, RULES);
        }
        return all;
    }

    /** The mean of the values, 0 for none: summed as doubles element by element, so nothing overflows. */
    public double mean() {
        double[] sumAndCount = new double[2];
        for (Elem e : elements()) accumulate(e, 1, sumAndCount);
        return sumAndCount[1] == 0 ? 0 : sumAndCount[0] / sumAndCount[1];
    }

    private static void accumulate(Elem e, double times, double[] sumAndCount) {
        if (e instanceof Run r) {
            double n = r.length();
            sumAndCount[0] += times * runSum(r);
            sumAndCount[1] += times * n;
        } else {
            Rep rep = (Rep) e;
            for (Elem inner : rep.body()) accumulate(inner, times * rep.count(), sumAndCount);
        }
    }

    /** The sum of a run's values: by the closed form, unless the stored values wrapped around (a stride past a long). */
    private static double runSum(Run r) {
        try {
            long last = Math.addExact(r.start(), Math.multiplyExact(r.stride(), r.length() - 1));
            return (r.start() + (double) last) / 2 * r.length();
        } catch (ArithmeticException wrapped) {
            double sum = 0;
            long v = r.start();
            for (long i = 0; i < r.length(); i++, v += r.stride()) sum += v;
            return sum;
        }
    }

    /**
     * A repetition element: {@code count} copies of {@code body}; a repetition of one repetition is
     * multiplied out ({@code 3*[10*[x]]} is {@code 30*[x]}).
     */
    public static Rep repetition(long count, List<Elem> body) {
        if (count < 1 || body.isEmpty()) throw new IllegalArgumentException("a repetition repeats something at least once");
        if (body.size() == 1 && body.get(0) instanceof Rep inner) return repetition(Math.multiplyExact(count, inner.count), inner.body);
        return new Rep(count, body);
    }

    /** Rebuilds a sequence from its elements (as {@link #elements()} gives them, e.g. read from a file). */
    public static ValueSeq ofElements(List<Elem> elements) {
        ValueSeq s = new ValueSeq();
        for (Elem e : elements) s.appendElem(e);
        return s;
    }

    /** Number of elements, counted through repetitions' bodies: the sequence's stored size. */
    public int storedElements() {
        return storedElements(elements());
    }

    private static int storedElements(List<Elem> list) {
        int n = 0;
        for (Elem e : list) n += e instanceof Rep r ? 1 + storedElements(r.body) : 1;
        return n;
    }

    /** A cursor over the values, from the first. */
    public Cursor cursor() {
        return new Cursor(elements());
    }

    /** Iterates the values without expanding the sequence. */
    public static final class Cursor {
        /** One list being walked: its elements, the next index, and how many more times to walk it. */
        private static final class Frame {
            final List<Elem> list;
            int next;
            long passesLeft;

            Frame(List<Elem> list, long passes) {
                this.list = list;
                this.passesLeft = passes;
            }
        }

        private final ArrayDeque<Frame> stack = new ArrayDeque<>();
        private Run run;
        private long runIndex;

        Cursor(List<Elem> top) {
            stack.push(new Frame(top, 1));
        }

        public boolean hasNext() {
            while (run == null || runIndex == run.length) {
                if (!advance()) return false;
            }
            return true;
        }

        public long next() {
            if (!hasNext()) throw new java.util.NoSuchElementException("value sequence exhausted");
            return run.start + run.stride * runIndex++;
        }

        private boolean advance() {
            while (!stack.isEmpty()) {
                Frame f = stack.peek();
                if (f.next == f.list.size()) {
                    if (--f.passesLeft > 0) {
                        f.next = 0;
                        continue;
                    }
                    stack.pop();
                    continue;
                }
                Elem e = f.list.get(f.next++);
                if (e instanceof Run r) {
                    run = r;
                    runIndex = 0;
                    return true;
                }
                Rep rep = (Rep) e;
                if (rep.count > 0) stack.push(new Frame(rep.body, rep.count));
            }
            return false;
        }
    }

    static long hashOf(Elem e) {
        if (e instanceof Run r) return Mix64.combine(Mix64.combine(Mix64.mix(r.start), r.stride), r.length);
        Rep rep = (Rep) e;
        return Mix64.combine(rep.bodyHash, rep.count);
    }

    static long hashOf(List<Elem> list) {
        long h = list.size();
        for (Elem e : list) h = Mix64.combine(h, hashOf(e));
        return h;
    }

    private static long valueCount(List<Elem> list) {
        long n = 0;
        for (Elem e : list) n += e instanceof Run r ? r.length : ((Rep) e).count * valueCount(((Rep) e).body);
        return n;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ValueSeq s && s.size == size && s.elements().equals(elements());
    }

    @Override
    public int hashCode() {
        return Objects.hash(size, hashOf(elements()));
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        appendTo(b, elements());
        return b.toString();
    }

    private static void appendTo(StringBuilder b, List<Elem> list) {
        for (int i = 0; i < list.size(); i++) {
            if (i > 0) b.append(' ');
            Elem e = list.get(i);
            if (e instanceof Run r) {
                if (r.length == 1) b.append(r.start);
                else if (r.stride == 0) b.append(r.start).append('x').append(r.length);
                else b.append(r.start).append(r.stride > 0 ? "+" : "").append(r.stride).append('x').append(r.length);
            } else {
                Rep rep = (Rep) e;
                b.append(rep.count).append("*[");
                appendTo(b, rep.body);
                b.append(']');
            }
        }
    }
}
