package org.mpjtrace.cli;

import mpi.MPI;

/**
 * Lines the replaying ranks up before their clocks start. Each rank prepares its script after MPI.Init
 * (it needs its rank), and on a machine with fewer cores than ranks the last one may finish tens of
 * milliseconds after the first: without a common start, rank 0's wall time would hold that spread, which
 * depends on how much preparing the trace takes, not on what it says.
 *
 * <p>It lives in this package because the agent never rewrites it: when the replay is itself traced
 * ({@code replay --mode}), this Barrier is the replayer's, not one of the replayed calls.
 */
public final class ReplayStartLine {
    private ReplayStartLine() {}

    /** Returns once every rank of COMM_WORLD has called it. */
    public static void await() {
        MPI.COMM_WORLD.Barrier();
    }
}
