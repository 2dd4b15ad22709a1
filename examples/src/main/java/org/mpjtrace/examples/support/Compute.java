package org.mpjtrace.examples.support;

import java.util.concurrent.locks.LockSupport;

/**
 * A rank's computation of a given length, for measuring how well a trace keeps the time between calls
 * (replay accuracy). The length is wall time and the rank waits it out without using a core: with more
 * ranks than cores (16 multicore ranks on a 2-core machine) arithmetic of a fixed size would take as long
 * as the scheduler lets it, different from rank to rank and run to run, and the traced times would say
 * more about the scheduler than about the program. Zero, the examples' default, does nothing.
 */
public final class Compute {
    private Compute() {}

    /** Returns after {@code micros} microseconds of wall time (at once for 0). */
    public static void run(int micros) {
        if (micros <= 0) return;
        long end = System.nanoTime() + micros * 1_000L;
        // parkNanos may return early (spuriously or on unpark): wait again until the end is reached.
        for (long left; (left = end - System.nanoTime()) > 0; ) LockSupport.parkNanos(left);
    }
}
