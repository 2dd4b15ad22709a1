package org.mpjtrace.runtime.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SignatureSetTest {

    @Test
    void addsOnceAndRemembers() {
        SignatureSet s = new SignatureSet();
        assertFalse(s.contains(42));
        assertTrue(s.add(42));
        assertFalse(s.add(42));
        assertTrue(s.contains(42));
        assertEquals(1, s.size());
    }

    @Test
    void zeroAndExtremeValuesAreSignaturesLikeAnyOther() {
        SignatureSet s = new SignatureSet();
        for (long v : new long[] {0, -1, Long.MIN_VALUE, Long.MAX_VALUE}) {
            assertFalse(s.contains(v));
            assertTrue(s.add(v));
            assertTrue(s.contains(v));
            assertFalse(s.add(v));
        }
        assertEquals(4, s.size());
    }

    @Test
    void growsAndAgreesWithAHashSet() {
        SignatureSet s = new SignatureSet();
        Set<Long> expected = new HashSet<>();
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 20_000; i++) {
            // Half random, half clustered low bits, to exercise probing.
            long v = i % 2 == 0 ? random.nextLong() : (long) (i % 500) << 40;
            assertEquals(expected.add(v), s.add(v), "value " + v);
        }
        assertEquals(expected.size(), s.size());
        for (long v : expected) assertTrue(s.contains(v));
        for (int i = 0; i < 1000; i++) {
            long v = random.nextLong();
            assertEquals(expected.contains(v), s.contains(v));
        }
    }
}
