package org.mpjtrace.examples;

import mpi.MPI;
import org.mpjtrace.api.Tracing;
import org.mpjtrace.examples.support.Args;

/**
 * A time loop whose middle steps are not worth tracing: each step passes a value round the ring
 * (Sendrecv) and sums it over all ranks (Allreduce); the program pauses tracing before step
 * {@code from} and resumes it before step {@code to} ({@code org.mpjtrace.api.Tracing}, in the agent jar,
 * which must be on the class path: run it traced). Rank 0 prints the last sum.
 *
 * <p>Args: {@code steps=30}, {@code from=10}, {@code to=20}.
 */
public final class PausedSteps {
    private static final int TAG = 3;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Args a = new Args(args);
        int steps = a.getInt("steps", 30), from = a.getInt("from", 10), to = a.getInt("to", 20);
        int next = (rank + 1) % size, prev = (rank + size - 1) % size;
        double[] out = {rank}, in = new double[1], sum = new double[1];
        for (int step = 0; step < steps; step++) {
            if (step == from) Tracing.pause();
            if (step == to) Tracing.resume();
            MPI.COMM_WORLD.Sendrecv(out, 0, 1, MPI.DOUBLE, next, TAG, in, 0, 1, MPI.DOUBLE, prev, TAG);
            MPI.COMM_WORLD.Allreduce(in, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM);
            out[0] = in[0] + sum[0] / size;
        }
        if (rank == 0) System.out.printf("PausedSteps np=%d steps=%d paused=%d..%d sum=%.6f%n", size, steps, from, to - 1, sum[0]);
        MPI.Finalize();
    }
}
