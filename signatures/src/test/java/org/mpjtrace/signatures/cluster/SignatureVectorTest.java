package org.mpjtrace.signatures.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

// In runtime, not signatures: these tests use src-test-fixtures, which depends on signatures (a cycle there).
/** The eleven-word signature vector: equality, validation, projection and differences. */
class SignatureVectorTest {
    private static final SignatureVector BASE = SignatureSets.typical(SignatureSets.CP_STEP);

    private static SignatureVector withMeans(double count, double src, double comp) {
        return SignatureVector.of(7, count, src, 0, 0, 0, 0, comp, 0, 0, 0);
    }

    @Test
    void minusZeroAndZeroAreOneValue() {
        SignatureVector zero = withMeans(0.0, 0.0, 0.0), minus = withMeans(-0.0, -0.0, -0.0);
        assertEquals(zero, minus);
        assertEquals(zero.hashCode(), minus.hashCode());
        assertEquals(0, zero.differences(minus));
        assertArrayEquals(zero.words(), minus.words());
        assertEquals(0.0, minus.value(Signature.COUNT));
    }

    @Test
    void aMeanThatIsNotAFiniteNumberIsRejected() {
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            assertThrows(IllegalArgumentException.class, () -> withMeans(bad, 0, 0), "COUNT " + bad);
            assertThrows(IllegalArgumentException.class, () -> withMeans(0, bad, 0), "SRC " + bad);
            assertThrows(IllegalArgumentException.class, () -> withMeans(0, 0, bad), "COMP " + bad);
            long[] words = BASE.words();
            words[Signature.COMM.ordinal()] = Double.doubleToRawLongBits(bad);
            assertThrows(IllegalArgumentException.class, () -> SignatureVector.ofWords(words), "COMM word of " + bad);
        }
        // any NaN payload, not only the canonical one
        long[] words = BASE.words();
        words[Signature.TAG.ordinal()] = 0x7FF0_0000_0000_0001L;
        assertThrows(IllegalArgumentException.class, () -> SignatureVector.ofWords(words));
        assertThrows(IllegalArgumentException.class, () -> SignatureVector.ofWords(new long[10]));
        assertThrows(IllegalArgumentException.class, () -> SignatureVector.ofWords(new long[12]));
    }

    @Test
    void identitiesAndLoopTakeAnyWord() {
        long[] words = BASE.words();
        words[Signature.CALL_PATH.ordinal()] = 0x7FF8_0000_0000_0000L; // a NaN's bits: not a mean, fine
        words[Signature.TYPE.ordinal()] = -1;
        words[Signature.LOOP.ordinal()] = 0xFFFF_0000_0000_0000L;
        SignatureVector v = SignatureVector.ofWords(words);
        assertEquals(0x7FF8_0000_0000_0000L, v.word(Signature.CALL_PATH));
        assertThrows(IllegalArgumentException.class, () -> v.value(Signature.CALL_PATH), "an identity has no magnitude");
        assertThrows(IllegalArgumentException.class, () -> v.value(Signature.TYPE));
        // LOOP reads unsigned: the top field saturated is the largest value, not a negative one
        assertEquals(0xFFFFL * Math.pow(2, 48), v.value(Signature.LOOP));
        assertTrue(v.value(Signature.LOOP) > SignatureVector.ofWords(BASE.words()).value(Signature.LOOP));
    }

    @Test
    void wordsRoundTripAndAreCopies() {
        SignatureVector v = SignatureVector.of(-5, 1.5, -2, 3, 4, 5, 6, 7e5, 8e3, SignatureSets.loopWord(3, 4), 9);
        long[] words = v.words();
        assertEquals(v, SignatureVector.ofWords(words));
        words[0] = 99;
        assertEquals(-5, v.word(Signature.CALL_PATH), "words() is a copy");
        long[] source = v.words();
        SignatureVector copy = SignatureVector.ofWords(source);
        source[0] = 99;
        assertEquals(-5, copy.word(Signature.CALL_PATH), "ofWords copies its argument");
        assertEquals(1.5, v.value(Signature.COUNT));
        assertEquals(-2, v.value(Signature.SRC));
        assertEquals(8e3, v.value(Signature.COMM));
    }

    @Test
    void differencesSetTheBitOfEverySignatureThatDiffers() {
        for (Signature s : Signature.values()) {
            SignatureVector other = s.identity || s == Signature.LOOP
                    ? SignatureSets.withWord(BASE, s, BASE.word(s) ^ 4)
                    : SignatureSets.with(BASE, s, BASE.value(s) + 1e-9);
            assertEquals(s.bit(), BASE.differences(other), s.label);
            assertEquals(s.bit(), other.differences(BASE), s.label);
            assertFalse(BASE.sameAs(other, Signature.ALL));
            assertTrue(BASE.sameAs(other, Signature.ALL & ~s.bit()));
            assertNotEquals(BASE, other);
        }
        SignatureVector many = SignatureSets.with(SignatureSets.withWord(BASE, Signature.CALL_PATH, 1), Signature.COMM, 1);
        assertEquals(Signature.CALL_PATH.bit() | Signature.COMM.bit(), BASE.differences(many));
        assertEquals(0, BASE.differences(BASE));
    }

    @Test
    void aProjectionKeepsTheSelectedSignaturesAndZeroesTheRest() {
        int format = Signature.SRC.bit() | Signature.LOOP.bit() | Signature.CALL_PATH.bit();
        SignatureVector v = SignatureVector.of(3, 10, -1.5, 2, 3, 4, 5, 6, 7, SignatureSets.loopWord(8), 9);
        SignatureVector p = v.project(format);
        for (Signature s : Signature.values()) assertEquals(s.in(format) ? v.word(s) : 0, p.word(s), s.label);
        assertEquals(p, p.project(format), "projecting twice changes nothing");
        assertEquals(v, v.project(Signature.ALL));
        assertEquals(SignatureVector.ofWords(new long[11]), v.project(0));
        // equal projections exactly when the vectors agree on the format
        SignatureVector w = SignatureVector.of(3, 99, -1.5, 99, 99, 99, 99, 99, 99, SignatureSets.loopWord(8), 99);
        assertEquals(v.project(format), w.project(format));
        assertTrue(v.sameAs(w, format));
        assertNotEquals(v.project(format | Signature.COUNT.bit()), w.project(format | Signature.COUNT.bit()));
    }

    @Test
    void toStringNamesEverySignature() {
        String s = SignatureVector.of(0xAB, 1, 2, 3, 4, 5, 6, 7, 8, SignatureSets.loopWord(10, 100), 0x10).toString();
        assertEquals("[Call-Path=00000000000000ab, COUNT=1.0, SRC=2.0, DEST=3.0, KEY=4.0, COLOR=5.0, TAG=6.0,"
                + " COMP=7.0, COMM=8.0, LOOP=10/100/0/0, TYPE=0000000000000010]", s);
    }

    @Test
    void signaturesHaveTheirGroupsAndIdentities() {
        assertEquals(11, Signature.values().length);
        assertEquals((1 << 11) - 1, Signature.ALL);
        for (Signature s : Signature.values()) {
            int expectedGroup = switch (s) {
                case COUNT, COMP, COMM -> 0;
                case SRC, DEST, KEY, COLOR, TAG, LOOP -> 1;
                case CALL_PATH, TYPE -> 2;
            };
            assertEquals(expectedGroup, s.group, s.label);
            assertEquals(s == Signature.CALL_PATH || s == Signature.TYPE, s.identity, s.label);
            assertTrue(s.in(s.bit()));
            assertFalse(s.in(Signature.ALL & ~s.bit()));
        }
    }
}
