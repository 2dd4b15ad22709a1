package org.mpjtrace.runtime;

import java.util.concurrent.locks.LockSupport;

/**
 * The one runtime thread per JVM that drains every thread's ring into its rank's store. It backs off
 * while all rings are empty (so an idle tracer costs little) but never so long that a busy ring fills
 * up: at the longest pause a 16384-record ring would need 16 records per microsecond to fill.
 */
final class FoldThread extends Thread {
    private static final long MIN_PAUSE_NANOS = 50_000;
    private static final long MAX_PAUSE_NANOS = 1_000_000;

    /** One ring and the rank context its records go to. */
    private record Lane(EventRing ring, RankContext rank) {}

    private volatile Lane[] lanes = new Lane[0];

    FoldThread() {
        super("mpjtrace-fold");
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
            int drained = 0;
            for (Lane lane : lanes) drained += drain(lane);
            if (drained > 0) {
                pause = MIN_PAUSE_NANOS;
            } else {
                LockSupport.parkNanos(pause);
                pause = Math.min(pause * 2, MAX_PAUSE_NANOS);
            }
        }
    }

    private static int drain(Lane lane) {
        try {
            return lane.ring.drainTo(lane.rank.sink);
        } catch (Throwable t) {
            // Never let a failure here stop the draining: producers wait on full rings.
            lane.rank.disable(t);
            return lane.ring.drainTo(EventStore.DISCARD);
        }
    }
}
