package org.mpjtrace.trace.fold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/** Folded sequences compared segment by segment against their values compared one by one. */
class PeriodicEqualityTest {
    private static final LongUnaryOperator SAME = v -> v;

    private static ValueSeq of(List<Long> values) {
        ValueSeq s = new ValueSeq();
        for (long v : values) s.append(v);
        return s;
    }

    /** The period repeated {@code times} times, value by value. */
    private static List<Long> repeated(List<Long> period, int times) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < times; i++) out.addAll(period);
        return out;
    }

    @Test
    void theSameValuesFoldedAtAnotherPhaseAreTheSameInAFewComparisons() {
        List<Long> values = repeated(List.of(-4L, 4L, -1L, 1L), 10_000);
        ValueSeq inPhase = of(values);
        // The same values, the first one apart and then blocks of the period shifted by one.
        ValueSeq shifted = ValueSeq.ofElements(List.of(new ValueSeq.Run(-4, 0, 1),
                ValueSeq.repetition(9_999, of(List.of(4L, -1L, 1L, -4L)).elements()), new ValueSeq.Run(4, 0, 1),
                new ValueSeq.Run(-1, 0, 1), new ValueSeq.Run(1, 0, 1)));
        assertNotEquals(inPhase.elements(), shifted.elements());
        assertEquals(true, PeriodicEquality.same(inPhase, shifted, SAME, 100));
        // One value changed in the middle of the shifted side's repetition is found.
        List<Long> changed = new ArrayList<>(values);
        changed.set(20_001, 7L);
        assertEquals(false, PeriodicEquality.same(of(changed), shifted, SAME, 1_000_000));
    }

    @Test
    void valuesAreComparedAsDecoded() {
        ValueSeq relative = of(repeated(List.of(1L, -1L), 500));
        ValueSeq absolute = of(repeated(List.of(6L, 4L), 500));
        assertEquals(true, PeriodicEquality.same(relative, absolute, v -> v < 3 ? v + 5 : v, 100));
        assertEquals(false, PeriodicEquality.same(relative, absolute, SAME, 100));
    }

    @Test
    void whatCannotBeToldWithinTheBudgetIsLeftOpen() {
        Random random = new Random(3);
        List<Long> noise = new ArrayList<>();
        for (int i = 0; i < 5000; i++) noise.add((long) random.nextInt(1000));
        assertNull(PeriodicEquality.same(of(noise), of(noise), SAME, 100));
    }

    @Test
    void randomFoldedSequencesAgreeWithAValueByValueComparison() {
        Random random = new Random(11);
        for (int trial = 0; trial < 3000; trial++) {
            List<Long> a = randomValues(random);
            List<Long> b = new ArrayList<>(a);
            int change = random.nextInt(4);
            if (change == 1 && !b.isEmpty()) b.set(random.nextInt(b.size()), (long) random.nextInt(5));
            if (change == 2) b.add((long) random.nextInt(5));
            ValueSeq x = of(a), y = change == 3 ? refolded(b, random) : of(b);
            Boolean same = PeriodicEquality.same(x, y, SAME, Long.MAX_VALUE);
            assertEquals(a.equals(b), same, "trial " + trial + ": " + a + " against " + b);
        }
    }

    /** Periods of random values repeated, with a few values between. */
    private static List<Long> randomValues(Random random) {
        List<Long> out = new ArrayList<>();
        for (int part = 0; part < 1 + random.nextInt(4); part++) {
            List<Long> period = new ArrayList<>();
            for (int i = 0; i < 1 + random.nextInt(5); i++) period.add((long) random.nextInt(5));
            out.addAll(repeated(period, 1 + random.nextInt(40)));
            for (int i = random.nextInt(3); i > 0; i--) out.add((long) random.nextInt(5));
        }
        return out;
    }

    /** The same values folded otherwise: in blocks of a random size, each block's sequence appended whole. */
    private static ValueSeq refolded(List<Long> values, Random random) {
        ValueSeq out = new ValueSeq();
        int block = 1 + random.nextInt(7);
        for (int from = 0; from < values.size(); from += block) {
            out.appendAll(of(values.subList(from, Math.min(values.size(), from + block))));
        }
        return out;
    }
}
