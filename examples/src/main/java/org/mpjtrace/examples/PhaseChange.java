package org.mpjtrace.examples;

import mpi.MPI;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;
import org.mpjtrace.examples.support.Compute;

/**
 * A program whose communication pattern changes over time, as when a solver alternates between a local
 * smoothing phase and a global correction phase: the first {@code phase} steps pass vectors round a
 * ring with Sendrecv (neighbour traffic only), the next {@code phase} steps use Allreduce plus a Bcast
 * from rank 0 (all-to-all traffic), and so on alternately for {@code steps} steps. A phase detector in a
 * trace viewer should see the switch every {@code phase} steps. Rank 0 prints a Reduce'd checksum.
 *
 * <p>Args: {@code steps=40}, {@code phase=10}, {@code n=8} (vector length),
 * {@code compute=0} (microseconds of computation per step, see {@link Compute}), {@code root=0} (microseconds
 * rank 0 computes on top of that each step, as a solver's rank 0 writing its output), {@code --calls}.
 */
public final class PhaseChange {
    private static final int TAG = 3;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        Args a = new Args(args);
        int steps = a.getInt("steps", 40), phase = a.getInt("phase", 10), n = a.getInt("n", 8), compute = a.getInt("compute", 0);
        int root = rank == 0 ? a.getInt("root", 0) : 0;

        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        double[] v = new double[n], in = new double[n];
        for (int i = 0; i < n; i++) v[i] = rank * n + i;

        for (int step = 0; step < steps; step++) {
            Compute.run(compute + root);
            if ((step / phase) % 2 == 0) {
                // Local phase: average with the left neighbour's vector, plus a per-rank nudge.
                MPI.COMM_WORLD.Sendrecv(v, 0, n, MPI.DOUBLE, right, TAG, in, 0, n, MPI.DOUBLE, left, TAG);
                log.note("Sendrecv", right, n);
                for (int i = 0; i < n; i++) v[i] = 0.5 * (v[i] + in[i]) + 0.01 * (rank + 1);
            } else {
                // Global phase: pull every vector towards the mean, scaled by a factor rank 0 decides.
                MPI.COMM_WORLD.Allreduce(v, 0, in, 0, n, MPI.DOUBLE, MPI.SUM);
                log.note("Allreduce", -1, n);
                double[] scale = {rank == 0 ? 1.0 / (1 + Math.abs(in[0]) / (size * n * 100.0)) : 0};
                MPI.COMM_WORLD.Bcast(scale, 0, 1, MPI.DOUBLE, 0);
                log.note("Bcast", 0, 1);
                for (int i = 0; i < n; i++) v[i] = scale[0] * (0.5 * v[i] + 0.5 * in[i] / size);
            }
        }

        double mine = 0;
        for (int i = 0; i < n; i++) mine += v[i] * (i + 1);
        double[] total = new double[1];
        MPI.COMM_WORLD.Reduce(new double[] {mine}, 0, total, 0, 1, MPI.DOUBLE, MPI.SUM, 0);
        log.note("Reduce", 0, 1);
        if (rank == 0)
            System.out.printf("PhaseChange np=%d steps=%d phase=%d n=%d checksum=%.9f%n", size, steps, phase, n, total[0]);

        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }
}
