package org.mpjtrace.trace.fold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class IndexedValuesTest {

    @Test
    void everyIndexReadsTheValueTheSequenceHoldsThere() {
        Random random = new Random(23);
        for (int trial = 0; trial < 300; trial++) {
            List<Long> values = new ArrayList<>();
            // Patterns repeated with noise, so that the folds nest runs in repetitions in runs.
            int period = 1 + random.nextInt(5), n = random.nextInt(400);
            long[] pattern = random.longs(period, -50, 50).toArray();
            for (int i = 0; i < n; i++) values.add(random.nextInt(20) == 0 ? random.nextInt(1000) : pattern[i % period] + (trial % 3 == 0 ? i / period : 0));
            ValueSeq seq = new ValueSeq();
            values.forEach(seq::append);
            IndexedValues indexed = IndexedValues.of(seq);
            assertEquals(values.size(), indexed.size());
            for (int i = 0; i < values.size(); i++) assertEquals(values.get(i), indexed.get(i), "trial " + trial + " value " + i + " of " + seq);
            if (!values.isEmpty()) {
                assertEquals(values.stream().mapToLong(Long::longValue).min().getAsLong(), indexed.min());
                assertEquals(values.stream().mapToLong(Long::longValue).max().getAsLong(), indexed.max());
            }
        }
    }

    @Test
    void aLongPeriodicSequenceStaysAFewElements() {
        ValueSeq seq = new ValueSeq();
        seq.append(4);
        for (int i = 0; i < 100_000; i++) seq.append(i % 2 == 0 ? 4 : 2);
        IndexedValues indexed = IndexedValues.of(seq);
        assertTrue(indexed.elements().size() <= 3, indexed.elements().toString());
        assertEquals(2, indexed.get(100_000));
        assertEquals(4, indexed.get(99_999));
        assertThrows(IndexOutOfBoundsException.class, () -> indexed.get(100_001));
    }

    @Test
    void countsOrValuesPastALongAreRefused() {
        List<ValueSeq.Elem> huge = List.of(ValueSeq.repetition(Long.MAX_VALUE / 2, List.of(new ValueSeq.Run(0, 1, 3))));
        assertThrows(ArithmeticException.class, () -> new IndexedValues(huge));
        List<ValueSeq.Elem> wraps = List.of(new ValueSeq.Run(Long.MAX_VALUE - 1, 1, 3));
        assertThrows(ArithmeticException.class, () -> new IndexedValues(wraps));
    }
}
