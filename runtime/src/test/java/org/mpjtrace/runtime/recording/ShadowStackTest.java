package org.mpjtrace.runtime.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.CallPath;

class ShadowStackTest {

    @Test
    void pushReturnsTheDepthBeforeAndPopGoesBackToIt() {
        ShadowStack s = new ShadowStack();
        assertEquals(0, s.push(10));
        assertEquals(1, s.push(11));
        assertEquals(2, s.depth());
        assertEquals(11, s.caller(0), "nearest first");
        assertEquals(10, s.caller(1));
        s.pop(1);
        assertEquals(1, s.depth());
        assertEquals(10, s.caller(0));
        s.pop(0);
        assertEquals(0, s.depth());
    }

    @Test
    void aPopSkippedByAnExceptionIsRepairedByTheEnclosingPop() {
        ShadowStack s = new ShadowStack();
        int outer = s.push(1);
        s.push(2);
        s.push(3); // the callee at 3 throws: neither inner pop runs
        assertEquals(3, s.depth(), "the window: frames of the unwound calls are still there");
        s.pop(outer);
        assertEquals(0, s.depth());
    }

    @Test
    void callsDeeperThanTheCapacityAreCountedNotRecorded() {
        ShadowStack s = new ShadowStack();
        for (int i = 0; i < ShadowStack.CAPACITY + 5; i++) assertEquals(i, s.push(i));
        assertEquals(ShadowStack.CAPACITY + 5, s.depth());
        for (int i = 0; i < 5; i++) assertEquals(CallPath.UNRECORDED, s.caller(i));
        assertEquals(ShadowStack.CAPACITY - 1, s.caller(5), "the deepest recorded frame");
        s.pop(ShadowStack.CAPACITY);
        assertEquals(ShadowStack.CAPACITY - 1, s.caller(0));
        s.pop(3);
        assertEquals(2, s.caller(0), "frames below the overflow were never overwritten");
    }
}
