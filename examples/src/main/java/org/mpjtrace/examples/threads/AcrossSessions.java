package org.mpjtrace.examples.threads;

import java.util.concurrent.CountDownLatch;
import mpi.MPI;
import mpi.MPIException;
import org.mpjtrace.examples.support.Args;

/**
 * A helper thread that outlives an MPI session: the main thread starts it during the first session (MPI.Init,
 * a Barrier, MPI.Finalize), calls MPI.Init again, and only then lets it pass a value round the ring of ranks
 * with Sendrecv on the second session's COMM_WORLD; the main thread ends with a Barrier and MPI.Finalize.
 *
 * <p>The helper was started in the first session, so it carries that session's rank: a tracer that kept it
 * there dropped every call it made in the second session, and the second session's trace held none of them.
 *
 * <p>Args: {@code steps=3}. Needs np >= 2. Rank 0 prints the sum of what its helper received.
 */
public final class AcrossSessions {
    private static final int TAG = 4;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int steps = new Args(args).getInt("steps", 3);
        CountDownLatch secondSession = new CountDownLatch(1);
        long[] received = new long[1];
        Thread helper = new Thread(() -> {
            try {
                secondSession.await();
                int[] in = new int[1];
                for (int step = 0; step < steps; step++) {
                    MPI.COMM_WORLD.Sendrecv(new int[] {rank * 10 + step}, 0, 1, MPI.INT, (rank + 1) % size, TAG,
                            in, 0, 1, MPI.INT, (rank + size - 1) % size, TAG);
                    received[0] += in[0];
                }
            } catch (MPIException | InterruptedException e) {
                throw new IllegalStateException("helper of rank " + rank + ": " + e, e);
            }
        }, "helper");
        helper.start();
        MPI.COMM_WORLD.Barrier();
        MPI.Finalize();

        MPI.Init(argv);
        secondSession.countDown();
        helper.join();
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("AcrossSessions np=" + size + " received=" + received[0]);
        MPI.Finalize();
    }
}
