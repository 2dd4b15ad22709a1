package org.mpjtrace.trace.fold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ValueSeqTest {

    private static List<Long> values(ValueSeq s) {
        List<Long> out = new ArrayList<>();
        ValueSeq.Cursor c = s.cursor();
        while (c.hasNext()) out.add(c.next());
        return out;
    }

    private static ValueSeq seqOf(List<Long> values) {
        ValueSeq s = new ValueSeq();
        values.forEach(s::append);
        return s;
    }

    @Test
    void constantsAndProgressionsAreRuns() {
        ValueSeq s = seqOf(List.of(7L, 7L, 7L, 7L));
        assertEquals("7x4", s.toString());
        assertEquals("0+2x5", seqOf(List.of(0L, 2L, 4L, 6L, 8L)).toString());
        assertEquals("3 9", seqOf(List.of(3L, 9L)).toString(), "two values are no progression yet");
    }

    @Test
    void aRepeatedPatternCostsTheSameWhateverTheRepetitions() {
        List<Long> ten = new ArrayList<>(), thousand = new ArrayList<>();
        for (int i = 0; i < 10; i++) ten.addAll(List.of(-4L, -1L, 1L, 4L));
        for (int i = 0; i < 1000; i++) thousand.addAll(List.of(-4L, -1L, 1L, 4L));
        ValueSeq a = seqOf(ten), b = seqOf(thousand);
        assertEquals(a.storedElements(), b.storedElements(), a + " vs " + b);
        assertEquals("1000*[-4 -1 1 4]", b.toString());
        assertEquals(thousand, values(b));
    }

    @Test
    void nestedPatternsFoldIntoNestedRepetitions() {
        List<Long> v = new ArrayList<>();
        for (int outer = 0; outer < 50; outer++) {
            for (int inner = 0; inner < 9; inner++) v.addAll(List.of(1L, 5L));
            v.add(100L);
        }
        ValueSeq s = seqOf(v);
        assertEquals(v, values(s));
        assertTrue(s.storedElements() <= 6, s.toString());
    }

    @Test
    void randomSequencesComeBackExactly() {
        Random rnd = new Random(42);
        for (int trial = 0; trial < 2000; trial++) {
            List<Long> v = randomValues(rnd);
            assertEquals(v, values(seqOf(v)), "trial " + trial);
        }
    }

    @Test
    void appendAllIsConcatenation() {
        Random rnd = new Random(7);
        for (int trial = 0; trial < 2000; trial++) {
            List<Long> x = randomValues(rnd), y = randomValues(rnd);
            ValueSeq s = seqOf(x);
            s.appendAll(seqOf(y));
            List<Long> both = new ArrayList<>(x);
            both.addAll(y);
            assertEquals(both, values(s), "trial " + trial);
            assertEquals(both.size(), s.size());
        }
    }

    @Test
    void appendingARunBehavesLikeAppendingItsValues() {
        Random rnd = new Random(3);
        for (int trial = 0; trial < 2000; trial++) {
            List<Long> x = randomValues(rnd), y = randomValues(rnd);
            ValueSeq byValue = seqOf(x);
            y.forEach(byValue::append);
            ValueSeq byRuns = seqOf(x);
            byRuns.appendAll(seqOf(y));
            if (y.size() < 2 || !hasRep(seqOf(y))) assertEquals(byValue, byRuns, "trial " + trial + ": " + x + " + " + y);
        }
    }

    @Test
    void elementsRoundTrip() {
        Random rnd = new Random(11);
        for (int trial = 0; trial < 500; trial++) {
            ValueSeq s = seqOf(randomValues(rnd));
            ValueSeq back = ValueSeq.ofElements(s.elements());
            assertEquals(values(s), values(back));
        }
    }

    @Test
    void emptySequenceHasNoValues() {
        assertFalse(new ValueSeq().cursor().hasNext());
        assertEquals(0, new ValueSeq().size());
    }

    private static boolean hasRep(ValueSeq s) {
        return s.elements().stream().anyMatch(e -> e instanceof ValueSeq.Rep);
    }

    /** Values with structure: constants, progressions, repeated patterns, noise, extremes. */
    static List<Long> randomValues(Random rnd) {
        List<Long> v = new ArrayList<>();
        int parts = 1 + rnd.nextInt(6);
        for (int p = 0; p < parts; p++) {
            switch (rnd.nextInt(5)) {
                case 0 -> { long c = rnd.nextInt(5) - 2; for (int i = rnd.nextInt(20); i >= 0; i--) v.add(c); }
                case 1 -> { long s = rnd.nextInt(100), d = rnd.nextInt(7) - 3; for (int i = 0, n = rnd.nextInt(20); i < n; i++) v.add(s + d * i); }
                case 2 -> {
                    List<Long> pat = new ArrayList<>();
                    for (int i = rnd.nextInt(5); i >= 0; i--) pat.add((long) rnd.nextInt(4));
                    for (int r = rnd.nextInt(30); r >= 0; r--) v.addAll(pat);
                }
                case 3 -> { for (int i = rnd.nextInt(10); i >= 0; i--) v.add(rnd.nextLong()); }
                default -> v.addAll(List.of(Long.MIN_VALUE, Long.MAX_VALUE, -1L, 0L));
            }
        }
        return v;
    }
}
