package org.mpjtrace.examples.clusters;

import mpi.MPI;
import mpi.MPIException;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;
import org.mpjtrace.examples.support.Compute;

/**
 * A conjugate-gradient-like step: a Sendrecv round the ring of ranks, then two dot products through one
 * helper, whose Allreduce the step calls from two places. Marker auto's case of collectives alike by call
 * site but not by calling context: its period is 2 Allreduces, not 1. Needs np >= 2.
 *
 * <p>Args: {@code steps=200}, {@code n=64} (doubles per message), {@code compute=0} (microseconds per step,
 * {@link Compute}), {@code --calls}.
 */
public final class TwoDots {
    private static final int TAG = 4;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        Args a = new Args(args);
        int steps = a.getInt("steps", 200), n = a.getInt("n", 64), compute = a.getInt("compute", 0);

        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        double[] p = new double[n], q = new double[n];
        for (int i = 0; i < n; i++) p[i] = rank + i;
        double alpha = 0;
        for (int step = 0; step < steps; step++) {
            MPI.COMM_WORLD.Sendrecv(p, 0, n, MPI.DOUBLE, right, TAG, q, 0, n, MPI.DOUBLE, left, TAG);
            log.note("Sendrecv", right, n);
            Compute.run(compute);
            double rr = dot(p, p, log);
            double pq = dot(p, q, log);
            alpha = rr / (pq == 0 ? 1 : pq);
            for (int i = 0; i < n; i++) p[i] = (p[i] + alpha * q[i]) / (1 + Math.abs(alpha));
        }
        if (rank == 0) System.out.printf("TwoDots np=%d steps=%d alpha=%.6f%n", size, steps, alpha);

        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }

    /** The global dot product of x and y: the one Allreduce of the program, called from two places. */
    private static double dot(double[] x, double[] y, CallLog log) throws MPIException {
        double[] mine = {0}, sum = new double[1];
        for (int i = 0; i < x.length; i++) mine[0] += x[i] * y[i];
        MPI.COMM_WORLD.Allreduce(mine, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM);
        log.note("Allreduce", -1, 1);
        return sum[0];
    }
}
