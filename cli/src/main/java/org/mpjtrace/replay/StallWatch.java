package org.mpjtrace.replay;

import java.util.concurrent.TimeUnit;

/**
 * Ends a replay that can no longer finish instead of letting it hang. A replay stalls when its ranks'
 * messages do not pair up, which happens with a clustered trace whose members' calls differ from their
 * lead's (other peers, or another number of messages, as with a master's dynamically balanced workers):
 * ranks then wait in a call for a message or a partner that never comes. A rank is judged stalled when it
 * has been inside one MPJ call for the limit (argument {@code stall=SECONDS} of {@link ReplayMain}). Each
 * rank watches itself: MPJ's multicore device loads every rank's classes apart, so ranks of one JVM share
 * no state of ours, only the JDK's. The first stalled rank of a JVM prints one line naming its call and
 * halts the JVM, which ends the MPJ job.
 */
final class StallWatch {
    static final String STALLED = ReplayMain.REPORT + "stalled";
    /** Set in the JDK's (JVM-wide) system properties by the first rank to report, so that only one does. */
    private static final String REPORTED = "mpjtrace.replay.stallReported";

    /** One rank's progress, written by its own thread, read by the watch's. */
    static final class Rank {
        final int rank;
        /** How the report names it: the rank, and its thread when the rank replays several. */
        final String who;
        /** Whether the rank replays several threads. */
        final boolean threaded;
        private volatile String op;           // the call it is in, null when outside MPJ
        private volatile long calls;          // calls issued so far, the current one included
        private volatile long since;          // when it last entered or left a call
        private volatile boolean done;

        Rank(int rank) {
            this(rank, "rank " + rank, false);
        }

        Rank(int rank, String who, boolean threaded) {
            this.rank = rank;
            this.who = who;
            this.threaded = threaded;
            this.since = System.nanoTime();
        }

        void entering(String opName) {
            calls++;
            since = System.nanoTime();
            op = opName;
        }

        void left() {
            op = null;
            since = System.nanoTime();
        }

        void done() {
            done = true;
        }
    }

    private StallWatch() {}

    /**
     * Starts watching this rank. One call per rank: each rank runs in a class loader of its own
     * (multicore) or a JVM of its own (niodev), so there is never a second rank to share a watch with.
     */
    static Rank watch(int rank, int limitSeconds) {
        return watch(new Rank(rank), limitSeconds);
    }

    /** Starts watching one thread of a rank that replays several, each watched apart. */
    static Rank watch(int rank, int thread, int limitSeconds) {
        return watch(new Rank(rank, "rank " + rank + " thread " + thread, true), limitSeconds);
    }

    private static Rank watch(Rank r, int limitSeconds) {
        long limitNanos = TimeUnit.SECONDS.toNanos(limitSeconds);
        // Inherits no thread locals: under the tracer, a watcher takes no thread number from the rank it watches.
        Thread watcher = new Thread(null, () -> watch(r, limitNanos), "mpjtrace-replay-stall-watch", 0, false);
        watcher.setDaemon(true);
        watcher.start();
        return r;
    }

    private static void watch(Rank r, long limitNanos) {
        while (true) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
            String stalled = stalled(r, System.nanoTime(), limitNanos);
            if (stalled != null) {
                if (System.getProperties().putIfAbsent(REPORTED, "true") == null) System.err.println(stalled);
                System.err.flush();
                System.out.flush();
                Runtime.getRuntime().halt(3);
            }
        }
    }

    /** The line to print when the rank has been inside one call for the limit, else null. */
    static String stalled(Rank r, long now, long limitNanos) {
        String op = r.op;
        if (r.done || op == null || now - r.since < limitNanos) return null;
        return STALLED + ": no call returned for " + TimeUnit.NANOSECONDS.toSeconds(limitNanos) + " s; " + r.who + " in " + op
                + " (call " + r.calls + "). The ranks' messages do not pair up as replayed: a rank waits for a message no rank sends"
                + " (in a clustered trace, for one, a rank whose peers or message counts differ from its lead's replays its lead's)"
                + (r.threaded ? "; or the rank's threads took turns on one communicator (after a join, a java.util.concurrent barrier,"
                        + " a thread pool's tasks), an order the replay, running each thread's calls on a thread of its own, keeps only"
                        + " from a dump or a trace with timing=lossless" : "");
    }
}
