package org.mpjtrace.cli.job;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Notices a niodev job that can no longer finish. MPJ 0.44's starter waits forever when rank JVMs die
 * before finishing (a bad agent option, a class that does not load): the daemon reports nothing. The
 * rank JVMs are children of our own daemon, so when the daemon has had no children for a while the
 * job is over, whatever the starter thinks. A job whose ranks are alive but blocked is not detected here:
 * one whose rank threw is told by its output ({@link JobOutput}), any other only by a timeout.
 */
final class StuckJobWatch {
    /** Ranks appear within about a second of the starter; far longer means they died unseen. */
    static final long NEVER_SEEN_NANOS = TimeUnit.SECONDS.toNanos(30);
    /** A finished job's starter exits within milliseconds of its last rank; allow for a slow machine. */
    static final long GONE_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final ProcessHandle daemon;
    private final LongSupplier clock;
    private final long started;
    private boolean seen;
    private long emptySince = -1;

    StuckJobWatch(ProcessHandle daemon) {
        this(daemon, System::nanoTime);
    }

    StuckJobWatch(ProcessHandle daemon, LongSupplier clock) {
        this.daemon = daemon;
        this.clock = clock;
        this.started = clock.getAsLong();
    }

    /**
     * Stops the job's rank JVMs, our daemon's children, together: SIGTERM first, so that a traced rank writes
     * what it holds as it exits, then a kill after {@code graceMillis}.
     */
    void stopRanks(long graceMillis) {
        ProcessTrees.destroy(daemon.children().toList(), graceMillis);
    }

    /** Call periodically while the starter runs; true once the job's ranks are gone for good. */
    boolean stuck() {
        long now = clock.getAsLong();
        if (daemon.children().findAny().isPresent()) {
            seen = true;
            emptySince = -1;
            return false;
        }
        if (!seen && now - started < NEVER_SEEN_NANOS) return false;
        if (emptySince < 0) emptySince = now;
        return now - emptySince >= GONE_NANOS;
    }
}
