package org.mpjtrace.replay;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StallWatchTest {
    private static final long LIMIT = TimeUnit.SECONDS.toNanos(5);

    @Test
    void stalledOnlyOnceTheRankHasWaitedInOneCallForTheLimit() {
        StallWatch.Rank r = new StallWatch.Rank(1);
        r.entering("Send");
        r.left();
        r.entering("Recv");
        long now = System.nanoTime();
        assertNull(StallWatch.stalled(r, now, LIMIT), "not waited long enough");
        String line = StallWatch.stalled(r, now + LIMIT + 1, LIMIT);
        assertTrue(line != null && line.startsWith("mpjtrace replay: stalled: no call returned for 5 s; rank 1 in Recv (call 2)."), line);
    }

    /** Each thread of a rank replays on its own: the order the program's own synchronisation gave them is the other cause. */
    @Test
    void aStalledThreadOfARankSaysItsThreadsMayHaveTakenTurns() {
        StallWatch.Rank r = new StallWatch.Rank(3, "rank 3 thread 1", true);
        r.entering("Sendrecv");
        String line = StallWatch.stalled(r, System.nanoTime() + LIMIT + 1, LIMIT);
        assertTrue(line != null && line.contains("rank 3 thread 1 in Sendrecv (call 1)") && line.contains("took turns on one communicator"), line);
        assertNull(StallWatch.stalled(new StallWatch.Rank(3), System.nanoTime(), LIMIT));
    }

    @Test
    void aRankComputingIsNotStalled() {
        StallWatch.Rank r = new StallWatch.Rank(0);
        r.entering("Send");
        r.left(); // it sleeps its computation: however long, nothing waits on MPJ
        assertNull(StallWatch.stalled(r, System.nanoTime() + 10 * LIMIT, LIMIT));
    }

    @Test
    void aFinishedRankIsNotStalled() {
        StallWatch.Rank r = new StallWatch.Rank(2);
        r.entering("Barrier");
        r.left();
        r.done();
        assertNull(StallWatch.stalled(r, System.nanoTime() + 10 * LIMIT, LIMIT));
    }
}
