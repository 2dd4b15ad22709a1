package org.mpjtrace.replay;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StallWatchTest {
    private static final long LIMIT = TimeUnit.SECONDS.toNanos(5);

    @Test
    void stalledOnlyWhenEveryUnfinishedRankHasWaitedInACallForTheLimit() {
        StallWatch.Rank a = new StallWatch.Rank(0), b = new StallWatch.Rank(1), c = new StallWatch.Rank(2);
        a.entering("Send");
        b.entering("Recv");
        c.entering("Barrier");
        c.left();
        c.done();
        long now = System.nanoTime();
        assertNull(StallWatch.stalled(List.of(a, b, c), now, LIMIT), "not waited long enough");
        String line = StallWatch.stalled(List.of(a, b, c), now + LIMIT + 1, LIMIT);
        assertNotNull(line);
        assertTrue(line.startsWith("mpjtrace replay: stalled: no call returned for 5 s; rank 0 in Send (call 1), rank 1 in Recv (call 1)."), line);
    }

    @Test
    void aRankComputingIsNotStalled() {
        StallWatch.Rank a = new StallWatch.Rank(0), b = new StallWatch.Rank(1);
        a.entering("Recv");
        b.entering("Send");
        b.left(); // b sleeps its computation: it may still send what a waits for
        assertNull(StallWatch.stalled(List.of(a, b), System.nanoTime() + 10 * LIMIT, LIMIT));
    }

    @Test
    void allFinishedIsNotStalled() {
        StallWatch.Rank a = new StallWatch.Rank(0);
        a.done();
        assertNull(StallWatch.stalled(List.of(a), System.nanoTime() + 10 * LIMIT, LIMIT));
    }
}
