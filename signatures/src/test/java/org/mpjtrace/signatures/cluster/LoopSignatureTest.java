package org.mpjtrace.signatures.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

// In runtime, not signatures: these tests use src-test-fixtures, which depends on signatures (a cycle there).
/** The LOOP signature: four saturating 16-bit fields, innermost lowest. */
class LoopSignatureTest {

    @Test
    void noLoopIsZero() {
        assertEquals(0, new LoopSignature().word());
        assertEquals("0/0/0/0", LoopSignature.describe(0));
    }

    @Test
    void eachLevelIsTheMeanOfItsLoopsInItsOwnField() {
        LoopSignature loops = new LoopSignature();
        loops.add(0, 10);
        loops.add(0, 20);
        loops.add(1, 100);
        loops.add(2, 3);
        long word = loops.word();
        assertEquals(15, LoopSignature.field(word, 0));
        assertEquals(100, LoopSignature.field(word, 1));
        assertEquals(3, LoopSignature.field(word, 2));
        assertEquals(0, LoopSignature.field(word, 3));
        assertEquals(15L | 100L << 16 | 3L << 32, word);
        assertEquals("15/100/3/0", LoopSignature.describe(word));
    }

    @Test
    void aMeanRoundsToTheNearestCount() {
        LoopSignature loops = new LoopSignature();
        loops.add(0, 1);
        loops.add(0, 2);
        assertEquals(2, LoopSignature.field(loops.word(), 0), "1.5 rounds up");
        loops.add(0, 2);
        assertEquals(2, LoopSignature.field(loops.word(), 0), "5/3 rounds to 2");
    }

    @Test
    void aFieldSaturatesAt65535WithoutSpillingIntoItsNeighbour() {
        LoopSignature loops = new LoopSignature();
        loops.add(0, 1_000_000);
        loops.add(1, 65_535);
        loops.add(2, 65_536);
        long word = loops.word();
        assertEquals(65_535, LoopSignature.field(word, 0));
        assertEquals(65_535, LoopSignature.field(word, 1));
        assertEquals(65_535, LoopSignature.field(word, 2));
        assertEquals(0, LoopSignature.field(word, 3), "nothing carried into the top field");
        assertEquals("65535/65535/65535/0", LoopSignature.describe(word));
        LoopSignature huge = new LoopSignature();
        huge.add(7, Long.MAX_VALUE);
        huge.add(7, Long.MAX_VALUE);
        assertEquals(0xFFFF_0000_0000_0000L, huge.word(), "the top field saturates too, a sum never overflows");
    }

    @Test
    void theFourthLevelAndEveryLevelBeyondShareTheTopField() {
        LoopSignature loops = new LoopSignature();
        loops.add(3, 4);
        loops.add(4, 8);
        loops.add(50, 12);
        long word = loops.word();
        assertEquals(8, LoopSignature.field(word, 3), "mean of 4, 8 and 12");
        assertEquals(0, word & 0xFFFF_FFFF_FFFFL, "the three lower fields are untouched");
        assertEquals("0/0/0/8", LoopSignature.describe(word));
    }

    @Test
    void anOuterLevelWeighsMoreThanEveryInnerOne() {
        long inner = SignatureSets.loopWord(65_535, 65_535, 65_535);
        long outer = SignatureSets.loopWord(0, 0, 0, 1);
        SignatureVector a = SignatureSets.withWord(SignatureSets.typical(1), Signature.LOOP, inner);
        SignatureVector b = SignatureSets.withWord(SignatureSets.typical(1), Signature.LOOP, outer);
        assertTrue(b.value(Signature.LOOP) > a.value(Signature.LOOP));
        SignatureVector top = SignatureSets.withWord(a, Signature.LOOP, SignatureSets.loopWord(0, 0, 0, 65_535));
        assertTrue(top.value(Signature.LOOP) > b.value(Signature.LOOP), "the sign bit is a magnitude bit");
    }

    @Test
    void badLevelsAndHeightsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new LoopSignature().add(-1, 5));
        assertThrows(IllegalArgumentException.class, () -> LoopSignature.field(0, 4));
        assertThrows(IllegalArgumentException.class, () -> LoopSignature.field(0, -1));
    }
}
