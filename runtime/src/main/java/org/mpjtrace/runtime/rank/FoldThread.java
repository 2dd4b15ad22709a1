package org.mpjtrace.runtime.rank;

import org.mpjtrace.runtime.recording.EventRing;

import java.util.concurrent.locks.LockSupport;

/**
 * The one runtime thread per JVM that drains every thread's ring into its rank's store. It runs on the
 * same cores as the ranks, so every wake-up it makes is taken from the program: it pauses between
 * passes for as long as the rings allow, lengthening the pause while they stay nearly empty (under
 * 1/32 full) and shortening it when one comes back more than 1/8 full. A producer that finds its ring full wakes
 * it at once ({@link EventRing}); at a marker or MPI.Finalize a rank folds its own rings
 * ({@link RankContext#drainRings}).
 * Waking every 50 us took 0.7 s of CPU in a 10 s run of Stencil2D on 16 ranks, with nothing to fold.
 */
final class FoldThread extends Thread {
    private static final long MIN_PAUSE_NANOS = 50_000;
    /** At the longest pause a ring of the default 16384 records would need 1.6 records per microsecond to fill. */
    private static final long MAX_PAUSE_NANOS = 10_000_000;

    /** One ring and the rank context its records go to. */
    private record Lane(EventRing ring, RankContext rank) {}

    private volatile Lane[] lanes = new Lane[0];

    FoldThread() {
        super(null, null, "mpjtrace-fold", 0, false); // takes no rank's thread number (RankContext#CURRENT)
        setDaemon(true);
    }

    synchronized void add(EventRing ring, RankContext rank) {
        Lane[] grown = java.util.Arrays.copyOf(lanes, lanes.length + 1);
        grown[lanes.length] = new Lane(ring, rank);
        lanes = grown;
    }

    void wake() {
        LockSupport.unpark(this);
    }

    @Override
    public void run() {
        long pause = MIN_PAUSE_NANOS;
        while (true) {
            // The fullest ring of this pass, in parts per 1024 of its capacity.
            long fullest = 0;
            for (Lane lane : lanes) fullest = Math.max(fullest, 1024L * lane.rank.drain(lane.ring) / lane.ring.capacity());
            if (fullest > 512) continue; // half full or more: drain again at once
            if (fullest > 128) pause = Math.max(MIN_PAUSE_NANOS, pause / 2);
            else if (fullest < 32) pause = Math.min(MAX_PAUSE_NANOS, pause * 2);
            LockSupport.parkNanos(pause);
        }
    }
}
