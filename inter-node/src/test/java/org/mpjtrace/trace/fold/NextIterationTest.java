package org.mpjtrace.trace.fold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The fold's fast path ({@link TraceFolding#appendCall}) against the general path
 * ({@link TraceFolding#append} of a node per call): the same calls must come back out of both, in
 * order with their values, and where the general path folds a program's loops, the fast path must build
 * the same loops with the same counts, values and times.
 */
class NextIterationTest {
    private static final int FIELDS = Field.ALL.length;

    /** A call: its shape (op and stack; thread 0), one distinguishing value and its two times. */
    private record Call(int op, long stack, long value, long compute, long inside) {}

    @Test
    void aStencilsStepsGoIntoItsLoopsExactlyAsTheGeneralPathPutsThem() {
        List<Call> calls = new ArrayList<>();
        Random random = new Random(1);
        for (int step = 1; step <= 200; step++) {
            for (int d = 0; d < 4; d++) calls.add(call(1, 11, d - 2, random));
            for (int d = 0; d < 4; d++) calls.add(call(2, 12, 2 - d, random));
            calls.add(call(3, 13, 8, random));
            if (step % 10 == 0) calls.add(call(4, 14, step, random));
        }
        assertSameTrees(calls);
    }

    @Test
    void anInnerLoopWhoseCountVariesInTheMiddleOfABodyIsKeptWithItsCounts() {
        List<Call> calls = new ArrayList<>();
        Random random = new Random(2);
        for (int step = 0; step < 100; step++) {
            calls.add(call(1, 11, step, random));
            int inner = 2 + step % 3;
            for (int i = 0; i < inner; i++) {
                calls.add(call(2, 12, i, random));
                calls.add(call(3, 13, -i, random));
            }
            calls.add(call(4, 14, 0, random));
        }
        assertSameTrees(calls);
    }

    @Test
    void aLoopEndingInAnInnerLoopTakesAnIterationOnlyWhenItsCountMatchesAsTheGeneralPathDoes() {
        List<Call> calls = new ArrayList<>();
        Random random = new Random(3);
        int[] counts = {3, 3, 3, 2, 3, 3, 4, 3, 3, 3, 3, 5, 3, 3};
        for (int round = 0; round < 5; round++) {
            for (int inner : counts) {
                calls.add(call(1, 11, 0, random));
                for (int i = 0; i < inner; i++) calls.add(call(2, 12, i, random));
            }
        }
        calls.add(call(5, 15, 0, random));
        assertSameTrees(calls);
    }

    @Test
    void loopsThreeDeepWithAFinalCallFoldAlike() {
        List<Call> calls = new ArrayList<>();
        Random random = new Random(4);
        for (int outer = 0; outer < 30; outer++) {
            for (int mid = 0; mid < 4; mid++) {
                calls.add(call(1, 11, mid, random));
                for (int in = 0; in < 3 + (outer % 2); in++) calls.add(call(2, 12, in, random));
                calls.add(call(3, 13, 0, random));
            }
            calls.add(call(4, 14, outer, random));
        }
        assertSameTrees(calls);
    }

    @Test
    void randomProgramsComeBackCallForCallAndFoldAtLeastAsSmall() {
        Random random = new Random(5);
        int differ = 0;
        long fastTotal = 0, generalTotal = 0;
        for (int p = 0; p < 400; p++) {
            List<Call> calls = randomProgram(random, 0);
            TraceFolding general = new TraceFolding(16), fast = new TraceFolding(16);
            foldBothWays(calls, general, fast);
            assertEquals(untimed(calls), expanded(general.nodes()), "general path, program " + p);
            assertEquals(untimed(calls), expanded(fast.nodes()), "fast path, program " + p);
            // Shapes that recur in other places of a body can make the general path fold a stretch in a way
            // that then stops matching; the fast path keeps to the loop it matched (5 of these 400 programs).
            // Value sequences built value by value may close their runs elsewhere than those appended whole:
            // a few elements either way on random values.
            int fastSize = storedSize(fast.nodes()), generalSize = storedSize(general.nodes());
            assertTrue(fastSize <= generalSize + generalSize / 100, "program " + p + ": " + fastSize + " against " + generalSize);
            fastTotal += fastSize;
            generalTotal += generalSize;
            if (!dump(general.nodes()).equals(dump(fast.nodes()))) differ++;
        }
        assertTrue(fastTotal <= generalTotal, fastTotal + " against " + generalTotal);
        assertTrue(differ < 20, differ + " of 400 programs folded otherwise");
    }

    @Test
    void randomProgramsWithCallsDroppedOrInsertedComeBackCallForCall() {
        Random random = new Random(6);
        long generalSize = 0, fastSize = 0;
        for (int p = 0; p < 400; p++) {
            List<Call> calls = randomProgram(random, 1 + random.nextInt(4));
            TraceFolding general = new TraceFolding(16), fast = new TraceFolding(16);
            foldBothWays(calls, general, fast);
            assertEquals(untimed(calls), expanded(general.nodes()), "general path, program " + p);
            assertEquals(untimed(calls), expanded(fast.nodes()), "fast path, program " + p);
            generalSize += storedSize(general.nodes());
            fastSize += storedSize(fast.nodes());
        }
        // Around a deviation the two paths may fold differently, either one smaller; not larger over all.
        assertTrue(fastSize <= generalSize, fastSize + " against " + generalSize);
    }

    @Test
    void callsWaitingForTheirIterationToEndAreInTheNodesWhenAskedFor() {
        List<Call> calls = new ArrayList<>();
        Random random = new Random(6);
        for (int step = 0; step < 10; step++) {
            calls.add(call(1, 11, step, random));
            calls.add(call(2, 12, step, random));
            calls.add(call(3, 13, step, random));
        }
        calls.add(call(1, 11, 10, random));
        calls.add(call(2, 12, 10, random));
        TraceFolding fast = new TraceFolding();
        for (Call c : calls) appendCall(fast, c);
        assertEquals(untimed(calls), expanded(fast.nodes()));
        // And the folding goes on from there.
        Call last = call(3, 13, 10, random);
        appendCall(fast, last);
        calls.add(last);
        assertEquals(untimed(calls), expanded(fast.nodes()));
    }

    // --- programs -------------------------------------------------------------------------------

    private interface Node {
        void emit(List<Call> out, Random random);
    }

    /** A random loop nest run one to three times, then {@code deviations} calls dropped or repeated elsewhere. */
    private static List<Call> randomProgram(Random random, int deviations) {
        List<Call> calls = new ArrayList<>();
        Node program = randomLoop(random, 0);
        for (int i = 0; i < 1 + random.nextInt(3); i++) program.emit(calls, random);
        for (int d = deviations; d > 0 && !calls.isEmpty(); d--) {
            int at = random.nextInt(calls.size());
            if (random.nextBoolean()) calls.remove(at);
            else calls.add(at, calls.get(random.nextInt(calls.size())));
        }
        return calls;
    }

    /** A loop of one to four calls or inner loops (two deep at most), from few shapes so that shapes recur; a third vary their count per run. */
    private static Node randomLoop(Random random, int depth) {
        List<Node> body = new ArrayList<>();
        int size = 1 + random.nextInt(4);
        for (int i = 0; i < size; i++) {
            if (depth < 2 && random.nextInt(3) == 0) {
                body.add(randomLoop(random, depth + 1));
            } else {
                int op = 1 + random.nextInt(4);
                long stack = 10 + random.nextInt(5);
                body.add((out, r) -> out.add(call(op, stack, r.nextInt(3), r)));
            }
        }
        int base = 2 + random.nextInt(4);
        boolean varies = random.nextInt(3) == 0;
        return (out, r) -> {
            int count = varies ? base + r.nextInt(3) : base;
            for (int i = 0; i < count; i++) for (Node n : body) n.emit(out, r);
        };
    }

    private static Call call(int op, long stack, long value, Random random) {
        return new Call(op, stack, value, 1000 + random.nextInt(500), 200 + random.nextInt(100));
    }

    // --- the two paths ----------------------------------------------------------------------------

    private static void assertSameTrees(List<Call> calls) {
        TraceFolding general = new TraceFolding(), fast = new TraceFolding();
        foldBothWays(calls, general, fast);
        assertEquals(untimed(calls), expanded(general.nodes()));
        assertEquals(untimed(calls), expanded(fast.nodes()));
        assertEquals(dump(general.nodes()), dump(fast.nodes()));
    }

    private static void foldBothWays(List<Call> calls, TraceFolding general, TraceFolding fast) {
        for (Call c : calls) {
            general.append(new EventNode(c.op, 0, (int) c.stack, c.stack, values(c), c.compute, c.inside));
            appendCall(fast, c);
        }
    }

    private static void appendCall(TraceFolding folding, Call c) {
        long[] scratch = values(c);
        folding.appendCall(c.op, 0, (int) c.stack, c.stack, scratch, c.compute, c.inside);
        java.util.Arrays.fill(scratch, -99); // the folding must have copied them
    }

    private static long[] values(Call c) {
        long[] v = new long[FIELDS];
        v[Field.COUNT.ordinal()] = c.value;
        v[Field.TAG.ordinal()] = c.value * 7;
        return v;
    }

    /** The calls a trace stands for, without times: those are in each node's histograms, which {@link #dump} shows. */
    private static List<Call> expanded(List<TraceNode> nodes) {
        List<Call> out = new ArrayList<>();
        TraceExpansion.expand(nodes, (node, v) -> {
            assertEquals(v[Field.COUNT.ordinal()] * 7, v[Field.TAG.ordinal()]);
            out.add(new Call(node.op(), node.stack(), v[Field.COUNT.ordinal()], 0, 0));
        });
        return out;
    }

    private static List<Call> untimed(List<Call> calls) {
        return calls.stream().map(c -> new Call(c.op, c.stack, c.value, 0, 0)).toList();
    }

    /** The trees: shapes, every loop's counts and every event's values and time histograms, as text. */
    private static String dump(List<TraceNode> nodes) {
        StringBuilder s = new StringBuilder();
        for (TraceNode n : nodes) dump(n, s);
        return s.toString();
    }

    private static void dump(TraceNode n, StringBuilder s) {
        if (n instanceof EventNode e) {
            s.append("E").append(e.op()).append('/').append(e.stack()).append(valuesOf(e.values(Field.COUNT)))
                    .append(valuesOf(e.values(Field.TAG)))
                    .append(" c=").append(e.compute().count()).append(',').append(e.compute().sum()).append(',').append(e.compute().min()).append(',').append(e.compute().max())
                    .append(" i=").append(e.inside().count()).append(',').append(e.inside().sum()).append(' ');
        } else {
            LoopNode l = (LoopNode) n;
            s.append("L").append(valuesOf(l.counts())).append("{ ");
            for (TraceNode b : l.body()) dump(b, s);
            s.append("} ");
        }
    }

    private static List<Long> valuesOf(ValueSeq seq) {
        List<Long> out = new ArrayList<>();
        ValueSeq.Cursor c = seq.cursor();
        for (long i = 0; i < seq.size(); i++) out.add(c.next());
        return out;
    }
    /** Nodes plus the stored elements of their value sequences: what the trace's size grows with. */
    private static int storedSize(List<TraceNode> nodes) {
        int n = 0;
        for (TraceNode t : nodes) n += t.nodeCount() + sequenceSize(t);
        return n;
    }

    private static int sequenceSize(TraceNode t) {
        if (t instanceof EventNode e) return e.values(Field.COUNT).storedElements() + e.values(Field.TAG).storedElements();
        int n = ((LoopNode) t).counts().storedElements();
        for (TraceNode b : ((LoopNode) t).body()) n += sequenceSize(b);
        return n;
    }
}
