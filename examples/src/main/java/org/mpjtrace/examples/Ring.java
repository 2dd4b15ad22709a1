package org.mpjtrace.examples;

import mpi.MPI;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;
import org.mpjtrace.examples.support.Compute;

/**
 * A token travels round the ring of ranks {@code steps} times (default 3) with blocking Send/Recv; each
 * rank folds its rank into the token as it passes, so the final value checks that every hop happened in
 * order. Rank 0 starts each lap and prints the token at the end. Needs np >= 2.
 *
 * <p>Args: {@code steps=3}, {@code compute=0} (microseconds of computation per hop, before a rank passes the
 * token on, see {@link Compute}), {@code --calls}.
 */
public final class Ring {
    private static final int TAG = 1;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        Args a = new Args(args);
        int steps = a.getInt("steps", 3), compute = a.getInt("compute", 0);

        int next = (rank + 1) % size, prev = (rank + size - 1) % size;
        long[] token = {1};
        for (int lap = 0; lap < steps; lap++) {
            // Rank 0 sends first and receives last; everyone else waits for the token before passing it on,
            // which is what keeps the blocking ring from deadlocking.
            if (rank == 0) {
                token[0] = fold(token[0], rank);
                Compute.run(compute);
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.LONG, next, TAG);
                log.note("Send", next, 1);
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.LONG, prev, TAG);
                log.note("Recv", prev, 1);
            } else {
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.LONG, prev, TAG);
                log.note("Recv", prev, 1);
                token[0] = fold(token[0], rank);
                Compute.run(compute);
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.LONG, next, TAG);
                log.note("Send", next, 1);
            }
        }
        if (rank == 0) System.out.println("Ring np=" + size + " steps=" + steps + " token=" + token[0]);

        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }

    /** An order-sensitive hash step, so a token that skipped or repeated a hop ends up different. */
    private static long fold(long token, int rank) {
        return (token * 31 + rank + 1) % 1_000_000_007L;
    }
}
