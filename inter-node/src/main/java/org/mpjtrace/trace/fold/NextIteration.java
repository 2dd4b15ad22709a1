package org.mpjtrace.trace.fold;

import java.util.Arrays;
import java.util.List;

/**
 * The fold's fast path: calls that make one more iteration of the loop at the end of a thread's trace go
 * straight into that loop's nodes, without becoming nodes of their own first.
 *
 * <p>Why: in a steady state nearly every call repeats the last loop. The general path
 * ({@link LoopFolding}) makes each call a node, folds it into a new inner loop at the tail, and folds
 * that tail into the loop once the iteration is whole: every value is appended twice or three times
 * and every call allocates a node with two histograms (about 900 B). Here a call is matched against
 * where the walk through the loop's body says the next call must be, and its values wait in flat
 * arrays until the iteration is whole; then each value is appended once, to the node it belongs to.
 *
 * <p>The walk accepts what the general path would fold into the loop: the same calls in the same
 * order, an inner loop run at least twice (any number of times in the middle of a body; at the end of
 * the loop's body exactly as often as last time, when the general path folds), and it decides nothing
 * on a guess: where the next call could either repeat an inner loop or leave it, the walk gives up, and
 * so it does where the general path would fold an iteration's first call elsewhere. When a call does
 * not fit, the caller sends the waiting calls and that one through the general path, which then does
 * what it always did. Loops whose inner loops end with a loop (the general path's nested "ready" rule)
 * are left to the general path. Both paths give the same calls back; on 400 random loop nests whose
 * shapes recur in several places, 5 folded otherwise, each into fewer nodes ({@code NextIterationTest}).
 */
final class NextIteration {
    /** Deepest loop nesting the walk follows. */
    private static final int MAX_DEPTH = 16;
    private static final int FIELDS = Field.ALL.length;

    /** The loop checked last, and whether the walk can follow it. */
    private LoopNode checked;
    private boolean checkedFits;

    // The walk: one frame per loop entered, the first the target's (the loop whose next iteration is matched).
    private final LoopNode[] loops = new LoopNode[MAX_DEPTH];
    /** Index in the frame's body of the next element expected; the element being run in the frames above. */
    private final int[] index = new int[MAX_DEPTH];
    /** Iterations of the frame's loop finished in this run. */
    private final long[] finished = new long[MAX_DEPTH];
    private int depth;

    // The calls matched so far, in order: the node each goes into, and what the general path needs.
    private int calls;
    private EventNode[] into = new EventNode[64];
    private int[] ops = new int[64];
    private int[] threads = new int[64];
    private int[] sites = new int[64];
    private long[] stacks = new long[64];
    private long[] computes = new long[64];
    private long[] insides = new long[64];
    private long[] values = new long[64 * FIELDS];

    // Inner loop runs ended so far, in order: the loop and its count.
    private int runs;
    private LoopNode[] runLoops = new LoopNode[16];
    private long[] runCounts = new long[16];

    /** What {@link #offer} made of a call. */
    enum Step { TAKEN, COMPLETED, REFUSED }

    /** Whether calls are waiting (matched, the iteration not yet whole). */
    boolean waiting() {
        return calls > 0;
    }

    /**
     * Matches one call against the next iteration of {@code last}, the last node of the trace. TAKEN: it
     * waits with the others; COMPLETED: it was the iteration's last, and the iteration is now in the loop;
     * REFUSED: it does not fit (nothing changed: the caller takes back the waiting calls and this one).
     */
    Step offer(List<TraceNode> trace, int window, int op, int thread, int site, long stack, long[] callValues, long compute, long inside) {
        if (calls == 0 && (!begin(trace.isEmpty() ? null : trace.get(trace.size() - 1))
                || foldsElsewhere(trace, window, op, thread, stack))) {
            return Step.REFUSED;
        }
        EventNode node = advance(op, thread, stack);
        if (node == null) return Step.REFUSED;
        keep(node, op, thread, site, stack, callValues, compute, inside);
        if (!whole()) return Step.TAKEN;
        complete();
        return Step.COMPLETED;
    }

    /** Starts a walk at the first element of {@code last}'s body, if it is a loop the walk can follow. */
    private boolean begin(TraceNode last) {
        if (!(last instanceof LoopNode loop)) return false;
        if (loop != checked) {
            checked = loop;
            checkedFits = fits(loop, 0, true);
        }
        if (!checkedFits) return false;
        depth = 1;
        loops[0] = loop;
        index[0] = 0;
        finished[0] = 0;
        return true;
    }

    /**
     * Whether the general path, given the call as a node after {@code trace}, would fold it at once into
     * something else than the last loop's next iteration: a repeated stretch that closes with it, as when
     * phases made of loops repeat. The call that would begin an iteration is then left to it, and the
     * fast path takes up the loop that fold makes. (A loop's later calls are not checked: a fold over the
     * loop and part of its next iteration needs calls of one shape in two places of a period, which the
     * stack signatures of real code seldom give; the trace stays lossless either way.)
     */
    private static boolean foldsElsewhere(List<TraceNode> trace, int window, int op, int thread, long stack) {
        int n = trace.size() + 1; // with the call at n - 1
        long callHash = EventNode.shapeHashOf(op, thread, stack);
        for (int k = 1; k <= window && k < n; k++) {
            if (trace.get(n - 1 - k) instanceof LoopNode loop && loop.body().size() == k
                    && sameShapes(loop.body(), 0, trace, n - k, k, op, thread, stack, callHash)) {
                return k != 1; // k == 1: the call is the last loop's next iteration, the fast path's own case
            }
            if (2 * k <= n && sameShapes(trace, n - 2 * k, trace, n - k, k, op, thread, stack, callHash)) return true;
        }
        return false;
    }

    /** Whether a[from..from+k) and the trace-with-the-call's [at..at+k) have the same shapes, pair by pair. */
    private static boolean sameShapes(List<TraceNode> a, int from, List<TraceNode> trace, int at, int k,
                                      int op, int thread, long stack, long callHash) {
        for (int i = 0; i < k; i++) {
            TraceNode x = a.get(from + i);
            if (at + i == trace.size()) {
                if (x.shapeHash() != callHash || !(x instanceof EventNode e && e.isShape(op, thread, stack))) return false;
            } else {
                TraceNode y = trace.get(at + i);
                if (x.shapeHash() != y.shapeHash() || !x.sameShape(y)) return false;
            }
        }
        return true;
    }

    /** Whether the walk can follow {@code loop}: not too deep, and no loop but the target ends with a loop. */
    private static boolean fits(LoopNode loop, int level, boolean isTarget) {
        if (level >= MAX_DEPTH) return false;
        List<TraceNode> body = loop.body();
        if (!isTarget && body.get(body.size() - 1) instanceof LoopNode) return false;
        for (TraceNode n : body) if (n instanceof LoopNode inner && !fits(inner, level + 1, false)) return false;
        return true;
    }

    /** Moves the walk to the node the call must be, or returns null (the walk then no longer matters). */
    private EventNode advance(int op, int thread, long stack) {
        int top = depth - 1;
        List<TraceNode> body = loops[top].body();
        if (index[top] < body.size()) return enter(op, thread, stack);
        // The end of an inner loop's body (the target's own end completes at once): repeat or leave.
        boolean again = firstEvent(body.get(0)).isShape(op, thread, stack);
        List<TraceNode> outer = loops[top - 1].body();
        int after = index[top - 1] + 1;
        boolean leave = after < outer.size() && firstEvent(outer.get(after)).isShape(op, thread, stack);
        if (again == leave) return null; // neither, or a guess
        finished[top]++;
        if (again) {
            index[top] = 0;
        } else {
            if (finished[top] < 2) return null;
            endRun(loops[top], finished[top]);
            depth--;
            index[top - 1] = after;
        }
        return enter(op, thread, stack);
    }

    /** Enters the loops that begin at the next expected element, and matches the call against its first event. */
    private EventNode enter(int op, int thread, long stack) {
        TraceNode n = loops[depth - 1].body().get(index[depth - 1]);
        while (n instanceof LoopNode inner) {
            loops[depth] = inner;
            index[depth] = 0;
            finished[depth] = 0;
            depth++;
            n = inner.body().get(0);
        }
        EventNode e = (EventNode) n;
        if (!e.isShape(op, thread, stack)) return null;
        index[depth - 1]++;
        return e;
    }

    private static EventNode firstEvent(TraceNode n) {
        while (n instanceof LoopNode l) n = l.body().get(0);
        return (EventNode) n;
    }

    /**
     * Whether the call just matched ended the target's iteration: the target's last element was that
     * event, or its last element is an inner loop that has now run as often as it did last time (where the
     * general path folds an iteration ending in a loop).
     */
    private boolean whole() {
        int top = depth - 1;
        if (index[top] < loops[top].body().size()) return false;
        if (top == 0) return true;
        if (top > 1 || index[0] != loops[0].body().size() - 1) return false;
        LoopNode last = loops[1];
        if (finished[1] + 1 != last.currentCount()) return false;
        endRun(last, finished[1] + 1);
        return true;
    }

    /** Puts the matched calls and inner loop runs into the target's nodes, as one more iteration. */
    private void complete() {
        for (int i = 0; i < calls; i++) into[i].addOccurrence(values, i * FIELDS, computes[i], insides[i]);
        for (int i = 0; i < runs; i++) runLoops[i].addRun(runCounts[i]);
        loops[0].addIterationCount();
        forget();
    }

    /**
     * Takes back the waiting calls as nodes, in order (the caller folds them the general way), and ends
     * the walk.
     */
    void takeBack(List<EventNode> out) {
        for (int i = 0; i < calls; i++) {
            out.add(new EventNode(ops[i], threads[i], sites[i], stacks[i],
                    Arrays.copyOfRange(values, i * FIELDS, (i + 1) * FIELDS), computes[i], insides[i]));
        }
        forget();
    }

    private void forget() {
        Arrays.fill(into, 0, calls, null);
        Arrays.fill(runLoops, 0, runs, null);
        calls = 0;
        runs = 0;
        depth = 0;
    }

    private void keep(EventNode node, int op, int thread, int site, long stack, long[] callValues, long compute, long inside) {
        if (calls == into.length) grow();
        into[calls] = node;
        ops[calls] = op;
        threads[calls] = thread;
        sites[calls] = site;
        stacks[calls] = stack;
        computes[calls] = compute;
        insides[calls] = inside;
        System.arraycopy(callValues, 0, values, calls * FIELDS, FIELDS);
        calls++;
    }

    private void grow() {
        int n = 2 * into.length;
        into = Arrays.copyOf(into, n);
        ops = Arrays.copyOf(ops, n);
        threads = Arrays.copyOf(threads, n);
        sites = Arrays.copyOf(sites, n);
        stacks = Arrays.copyOf(stacks, n);
        computes = Arrays.copyOf(computes, n);
        insides = Arrays.copyOf(insides, n);
        values = Arrays.copyOf(values, n * FIELDS);
    }

    private void endRun(LoopNode loop, long count) {
        if (runs == runLoops.length) {
            runLoops = Arrays.copyOf(runLoops, 2 * runs);
            runCounts = Arrays.copyOf(runCounts, 2 * runs);
        }
        runLoops[runs] = loop;
        runCounts[runs++] = count;
    }
}
