package org.mpjtrace.examples.threads;

import java.util.concurrent.CountDownLatch;
import mpi.MPI;
import mpi.MPIException;
import org.mpjtrace.examples.support.Args;

/**
 * A helper thread the program starts before MPI.Init, as a program that sets up its workers first does:
 * it waits until MPI.Init has returned, then passes a value round the ring of ranks with Sendrecv on
 * COMM_WORLD, {@code steps} times, while the main thread waits for it; then the main thread calls Barrier.
 * The helper inherited no rank from the main thread (it had none yet), so the tracer finds its rank at its
 * first call, by the COMM_WORLD of the communicator it calls on; its number is the rank's next at that call.
 *
 * <p>Args: {@code steps=5}. Needs np >= 2. Rank 0 prints the sum its helper received.
 */
public final class BeforeInit {
    public static void main(String[] argv) throws Exception {
        CountDownLatch initDone = new CountDownLatch(1);
        int[] steps = new int[1];
        long[] sum = new long[1];
        Thread helper = new Thread(() -> {
            try {
                initDone.await();
                int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                int[] in = new int[1];
                for (int step = 0; step < steps[0]; step++) {
                    MPI.COMM_WORLD.Sendrecv(new int[] {rank * 10 + step}, 0, 1, MPI.INT, (rank + 1) % size, 2,
                            in, 0, 1, MPI.INT, (rank + size - 1) % size, 2);
                    sum[0] += in[0];
                }
            } catch (MPIException | InterruptedException e) {
                throw new IllegalStateException("helper: " + e, e);
            }
        }, "helper");
        helper.start();

        String[] args = MPI.Init(argv);
        steps[0] = new Args(args).getInt("steps", 5);
        initDone.countDown();
        helper.join();
        MPI.COMM_WORLD.Barrier();
        if (MPI.COMM_WORLD.Rank() == 0) System.out.println("BeforeInit np=" + MPI.COMM_WORLD.Size() + " sum=" + sum[0]);
        MPI.Finalize();
    }
}
