package org.mpjtrace.examples.clusters;

import mpi.MPI;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;
import org.mpjtrace.examples.support.Compute;

/**
 * A time-step loop with diagnostics every few steps, as solvers write them: each step a Sendrecv round the
 * ring of ranks and an Allreduce of a residual, and every {@code every}-th step a Gather of each rank's value
 * at rank 0, which prints the last one. Marker auto's case of a loop whose collectives repeat alike for a few
 * steps and then not: its period is {@code every + 1} collectives, not the Allreduce's 1. Needs np >= 2.
 *
 * <p>Args: {@code steps=200}, {@code every=10}, {@code n=64} (doubles per message), {@code compute=0}
 * (microseconds per step, {@link Compute}), {@code --calls}.
 */
public final class PeriodicGather {
    private static final int TAG = 3;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        Args a = new Args(args);
        int steps = a.getInt("steps", 200), every = a.getInt("every", 10), n = a.getInt("n", 64), compute = a.getInt("compute", 0);

        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        double[] x = new double[n], halo = new double[n], sum = new double[1], mine = new double[1], all = new double[size];
        double residual = 0;
        for (int step = 0; step < steps; step++) {
            MPI.COMM_WORLD.Sendrecv(x, 0, n, MPI.DOUBLE, right, TAG, halo, 0, n, MPI.DOUBLE, left, TAG);
            log.note("Sendrecv", right, n);
            for (int i = 0; i < n; i++) x[i] = 0.5 * (x[i] + halo[i]) + rank + 1;
            Compute.run(compute);
            mine[0] = x[0] / (step + 1);
            MPI.COMM_WORLD.Allreduce(mine, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM);
            log.note("Allreduce", -1, 1);
            residual = sum[0];
            if (step % every == every - 1) {
                MPI.COMM_WORLD.Gather(mine, 0, 1, MPI.DOUBLE, all, 0, 1, MPI.DOUBLE, 0);
                log.note("Gather", 0, 1);
            }
        }
        if (rank == 0) System.out.printf("PeriodicGather np=%d steps=%d every=%d residual=%.6f rank%d=%.6f%n", size, steps, every, residual, size - 1, all[size - 1]);

        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }
}
