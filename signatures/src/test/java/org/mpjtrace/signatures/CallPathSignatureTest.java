package org.mpjtrace.signatures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

class CallPathSignatureTest {

    private static long of(long... stacks) {
        CallPathSignature s = new CallPathSignature();
        for (long st : stacks) s.add(st);
        return s.value();
    }

    @Test
    void equalSequencesAgree() {
        assertEquals(of(11, 22, 33, 22), of(11, 22, 33, 22));
    }

    @Test
    void orderMatters() {
        assertNotEquals(of(11, 22), of(22, 11));
    }

    @Test
    void repeatedCallsDoNotCancel() {
        // A plain XOR would make "A A" equal to nothing at all.
        assertNotEquals(0, of(0x1234_5678_9ABCL, 0x1234_5678_9ABCL));
        assertNotEquals(of(7, 8), of(7, 8, 8, 8));
    }

    @Test
    void resetStartsAnInterval() {
        CallPathSignature s = new CallPathSignature();
        s.add(5);
        s.add(6);
        s.reset();
        s.add(9);
        assertEquals(of(9), s.value());
        assertEquals(1, s.calls());
    }

    @Test
    void runningMeanIsTheMean() {
        RunningMean m = new RunningMean();
        assertEquals(0, m.mean());
        for (int v : new int[] {4, -4, 1, 3}) m.add(v);
        assertEquals(1.0, m.mean(), 1e-12);
        m.add(Double.MAX_VALUE / 2);
        m.add(Double.MAX_VALUE / 2); // a sum would overflow to infinity
        assertEquals(Double.MAX_VALUE / 6, m.mean(), Double.MAX_VALUE * 1e-12);
    }
}
