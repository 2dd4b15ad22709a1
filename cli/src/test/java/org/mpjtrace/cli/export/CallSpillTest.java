package org.mpjtrace.cli.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CallSpillTest {
    @Test
    void twoThreadsFilledTogetherReadBackTheirOwnCallsInOrderAcrossBlocks() throws Exception {
        int n = 3 * CallSpill.BLOCK_CALLS + 7;
        try (CallSpill spill = new CallSpill()) {
            ParaverTimeline.Stream a = new ParaverTimeline.Stream(0, 0, spill);
            ParaverTimeline.Stream b = new ParaverTimeline.Stream(0, 1, spill);
            for (int i = 0; i < n; i++) {
                a.add(10L * i, 10L * i + 5, i);
                if (i % 2 == 0) b.add(-i, -i - 1, (long) i << 32);
            }
            a.finish();
            b.finish();
            for (int i = 0; i < n; i++) {
                assertEquals(10L * i, a.enter(i));
                assertEquals(10L * i + 5, a.exit(i));
                assertEquals(i, a.site(i));
                // The merge looks one call ahead, then goes on from there.
                if (i + 1 < n) assertEquals(10L * (i + 1), a.enter(i + 1));
            }
            assertEquals((n + 1) / 2, b.count);
            for (int j = b.count - 1; j >= 0; j--) {
                assertEquals(-2L * j, b.enter(j));
                assertEquals(2 * j & 0xFFFF, b.op(j));
            }
        }
    }
}
