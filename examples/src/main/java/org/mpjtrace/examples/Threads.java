package org.mpjtrace.examples;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import org.mpjtrace.examples.support.Args;

/**
 * A rank with two threads that both call MPJ at once (MPJ Express runs every device with
 * THREAD_MULTIPLE). The main thread passes a value round the ring of ranks with Isend/Irecv/Waitall on
 * COMM_WORLD; a helper thread it starts exchanges with both neighbours by Sendrecv on a communicator of
 * its own (a Dup of COMM_WORLD made before it starts, since two threads may not run collectives on one
 * communicator at once) and sums over it with Allreduce each step. The two threads' loops differ, so a
 * tracer that mixes their calls into one sequence cannot keep either loop, and a replay that does not
 * run them apart deadlocks.
 *
 * <p>Rank 0 prints both threads' results, which depend on every exchange.
 *
 * <p>Args: {@code steps=5} (main thread's steps), {@code helperSteps=7}. Needs np >= 2.
 */
public final class Threads {
    private static final int RING_TAG = 3;
    private static final int HELPER_TAG = 5;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Args a = new Args(args);
        int steps = a.getInt("steps", 5), helperSteps = a.getInt("helperSteps", 7);
        int right = (rank + 1) % size, left = (rank + size - 1) % size;

        Intracomm helperComm = (Intracomm) MPI.COMM_WORLD.clone();
        long[] helperResult = new long[1];
        Thread helper = new Thread(() -> helperResult[0] = exchange(helperComm, rank, right, left, helperSteps), "helper");
        helper.start();

        long[] value = {rank + 1};
        long[] incoming = new long[1];
        for (int step = 0; step < steps; step++) {
            Request[] both = {
                MPI.COMM_WORLD.Irecv(incoming, 0, 1, MPI.LONG, left, RING_TAG),
                MPI.COMM_WORLD.Isend(value, 0, 1, MPI.LONG, right, RING_TAG),
            };
            Request.Waitall(both);
            value[0] = value[0] * 3 + incoming[0];
        }
        helper.join();
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("Threads np=" + size + " ring=" + value[0] + " helper=" + helperResult[0]);
        MPI.Finalize();
    }

    /** The helper thread's loop: a Sendrecv with each neighbour and a sum, every step. */
    private static long exchange(Intracomm comm, int rank, int right, int left, int steps) {
        long[] mine = {rank * 10L + 1}, fromLeft = new long[1], fromRight = new long[1], sum = new long[1];
        for (int step = 0; step < steps; step++) {
            comm.Sendrecv(mine, 0, 1, MPI.LONG, right, HELPER_TAG, fromLeft, 0, 1, MPI.LONG, left, HELPER_TAG);
            comm.Sendrecv(mine, 0, 1, MPI.LONG, left, HELPER_TAG, fromRight, 0, 1, MPI.LONG, right, HELPER_TAG);
            comm.Allreduce(mine, 0, sum, 0, 1, MPI.LONG, MPI.SUM);
            mine[0] = (mine[0] + fromLeft[0] * 2 + fromRight[0] + sum[0]) % 1_000_003L;
        }
        return mine[0];
    }
}
