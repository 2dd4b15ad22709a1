package org.mpjtrace.trace.fold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.mpjtrace.signatures.cluster.LoopSignature;
import org.mpjtrace.trace.fixtures.SyntheticStream;
import org.mpjtrace.trace.fixtures.SyntheticStreams;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;

// In runtime, not inter-node: these tests use src-test-fixtures, which depends on inter-node (a cycle there).
/** The LOOP signature of a loop-compressed trace (inter-node's TraceLoopSignature), and ValueSeq.mean under it. */
class TraceLoopSignatureTest {

    private static String loops(SyntheticStream s) {
        return LoopSignature.describe(TraceLoopSignature.of(s.folded()));
    }

    @Test
    void aTraceWithoutLoopsHasLoopZero() {
        SyntheticStream s = new SyntheticStream(0);
        s.call(Op.INIT, 1);
        s.call(Op.BARRIER, 2);
        s.call(Op.FINALIZE, 3);
        assertEquals(0, TraceLoopSignature.of(s.folded()));
        assertEquals(0, TraceLoopSignature.of(List.of()));
    }

    @Test
    void twoNestedLoopsFillTheTwoLowFields() {
        // outer 10 x (middle 100 x (Send, Recv), Barrier), Bcast
        List<TraceNode> nodes = SyntheticStreams.nested(0, 10, 100).folded();
        LoopNode outer = (LoopNode) nodes.get(0);
        assertTrue(outer.body().get(0) instanceof LoopNode, "the fold found the nest");
        assertEquals(100 | 10L << 16, TraceLoopSignature.of(nodes));
        assertEquals("100/10/0/0", loops(SyntheticStreams.nested(3, 10, 100)));
    }

    @Test
    void anInnerLoopWhoseCountVariesContributesItsMeanCount() {
        // 12 outer iterations, inner counts 2, 3, 4, 5 three times over: mean 3.5, rounded to 4
        assertEquals("4/12/0/0", loops(SyntheticStreams.varyingCounts(0, 12, 4)));
    }

    @Test
    void loopsSideBySideAtOneLevelAverage() {
        SyntheticStream s = new SyntheticStream(0);
        for (int i = 0; i < 3; i++) s.call(Op.SEND, 1);
        s.call(Op.BARRIER, 3);
        for (int i = 0; i < 6; i++) s.call(Op.RECV, 2);
        assertEquals("5/0/0/0", loops(s), "mean of 3 and 6 is 4.5, rounded to 5");
    }

    @Test
    void theFourthLevelAndBeyondShareTheTopField() {
        // five nested loops of 2, 3, 4, 5 and 7 iterations, innermost first, each closed by a call of its own
        SyntheticStream s = new SyntheticStream(0);
        for (int e = 0; e < 7; e++) {
            for (int d = 0; d < 5; d++) {
                for (int c = 0; c < 4; c++) {
                    for (int b = 0; b < 3; b++) {
                        for (int a = 0; a < 2; a++) s.call(Op.SEND, 1);
                        s.call(Op.RECV, 2);
                    }
                    s.call(Op.BARRIER, 3);
                }
                s.call(Op.BCAST, 4);
            }
            s.call(Op.ALLREDUCE, 5);
        }
        assertEquals("2/3/4/6", loops(s), "the top field is the mean of the fourth level (5) and the fifth (7)");
    }

    @Test
    void aHugeLoopSaturatesItsField() {
        SyntheticStream s = new SyntheticStream(0);
        for (int i = 0; i < 70_000; i++) s.call(Op.SEND, 1);
        s.call(Op.BARRIER, 2);
        assertEquals("65535/0/0/0", loops(s));
    }

    // ---- ValueSeq.mean ------------------------------------------------------------------------------------

    @Test
    void theMeanOfNothingIsZeroAndOfOneValueThatValue() {
        assertEquals(0, new ValueSeq().mean());
        assertEquals(-7, ValueSeq.of(-7).mean());
    }

    @Test
    void theMeanOfARunIsExact() {
        ValueSeq s = new ValueSeq();
        for (int i = 0; i < 100; i++) s.append(i);
        assertEquals("0+1x100", s.toString());
        assertEquals(49.5, s.mean());
        ValueSeq constant = new ValueSeq();
        for (int i = 0; i < 5; i++) constant.append(3);
        assertEquals(3, constant.mean());
    }

    @Test
    void theMeanOfARepetitionCountsEveryCopy() {
        ValueSeq s = new ValueSeq();
        for (int i = 0; i < 1000; i++) for (long v : new long[] {-4, -1, 1, 4}) s.append(v);
        assertEquals("1000*[-4 -1 1 4]", s.toString());
        assertEquals(0, s.mean());
        ValueSeq t = new ValueSeq();
        for (int i = 0; i < 500; i++) for (long v : new long[] {1, 2, 9}) t.append(v);
        t.append(5);
        assertTrue(t.elements().stream().anyMatch(e -> e instanceof ValueSeq.Rep), t.toString());
        assertEquals((12.0 * 500 + 5) / 1501, t.mean(), 1e-12);
    }

    @Test
    void hugeValuesDoNotOverflow() {
        ValueSeq s = new ValueSeq();
        for (int i = 0; i < 4; i++) s.append(Long.MAX_VALUE);
        for (int i = 0; i < 4; i++) s.append(Long.MAX_VALUE - 1);
        assertEquals(Long.MAX_VALUE, s.mean(), 1e4, "a long sum would have overflowed");
        ValueSeq mixed = new ValueSeq();
        for (int i = 0; i < 100; i++) {
            mixed.append(Long.MIN_VALUE);
            mixed.append(Long.MAX_VALUE);
        }
        assertEquals(-0.5, mixed.mean(), 1e4);
    }

    /**
     * A run's stride is kept in wrapping long arithmetic (lossless: the cursor gives the values back), but
     * mean() reads the run as a true arithmetic progression, start * n + stride * n(n - 1) / 2.
     */
    @Test
    void theMeanIsRightWhenConsecutiveValuesDifferByMoreThanALong() {
        long[][] cases = {{-(1L << 62), 1L << 62, -(1L << 62), 1L << 62}, {Long.MIN_VALUE, Long.MAX_VALUE, Long.MAX_VALUE - 1}};
        double[] expected = {0, ((double) Long.MIN_VALUE + Long.MAX_VALUE + (Long.MAX_VALUE - 1)) / 3};
        for (int c = 0; c < cases.length; c++) {
            ValueSeq s = new ValueSeq();
            for (long v : cases[c]) s.append(v);
            assertEquals(expected[c], s.mean(), 1e4, s.toString());
        }
    }

    @Test
    void onRandomPatternsTheMeanMatchesTheExpandedValues() {
        Random random = new Random(51);
        for (int round = 0; round < 500; round++) {
            List<Long> values = new ArrayList<>();
            int blocks = 1 + random.nextInt(5);
            for (int b = 0; b < blocks; b++) {
                int repeats = 1 + random.nextInt(40);
                long[] pattern = new long[1 + random.nextInt(5)];
                long scale = random.nextBoolean() ? 10 : 1L << 50;
                for (int i = 0; i < pattern.length; i++) pattern[i] = (random.nextInt(21) - 10) * scale;
                boolean progression = random.nextBoolean();
                for (int r = 0; r < repeats; r++) {
                    for (int i = 0; i < pattern.length; i++) values.add(progression ? pattern[0] + (long) i * scale : pattern[i]);
                }
            }
            ValueSeq s = new ValueSeq();
            for (long v : values) s.append(v);
            BigDecimal sum = BigDecimal.ZERO;
            for (long v : values) sum = sum.add(BigDecimal.valueOf(v));
            double expected = sum.divide(BigDecimal.valueOf(values.size()), MathContext.DECIMAL64).doubleValue();
            double tolerance = 1e-9 * Math.max(1, values.stream().mapToDouble(v -> Math.abs((double) v)).max().orElse(1));
            assertEquals(expected, s.mean(), tolerance, "round " + round + ": " + s);
            assertEquals(s.mean(), ValueSeq.ofElements(s.elements()).mean(), "rebuilt from its elements");
        }
    }
}
