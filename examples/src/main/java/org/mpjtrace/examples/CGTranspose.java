package org.mpjtrace.examples;

import mpi.Intracomm;
import mpi.MPI;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;
import org.mpjtrace.examples.support.Compute;

/**
 * A stand-in for the transpose exchange of NAS CG: the ranks form an s x s grid, s = sqrt(np), row-major
 * (rank r = i * s + j sits at row i, column j), and at the start COMM_WORLD is Split into one communicator
 * per row (color = row, key = column). np must be a perfect square: otherwise rank 0 says so on stderr and
 * every rank goes straight to Finalize.
 *
 * <p>Each step a rank updates its local vector of n doubles (a few flops per element), swaps it with its
 * transpose partner j * s + i in one Sendrecv on COMM_WORLD (the pair is symmetric, so it cannot
 * deadlock) and averages the two, then sums its vector across its row with an Allreduce of one double on
 * the row communicator, the row's partial dot product a real CG would make. A diagonal rank (i == j) is
 * its own transpose: it skips the exchange entirely, so its call list lacks the Sendrecv the others make
 * every step. At the end a Reduce to rank 0 on COMM_WORLD sums a checksum of every vector, which rank 0
 * prints with its row's last sum.
 *
 * <p>Args: {@code steps=100}, {@code n=64} (local vector length),
 * {@code compute=0} (microseconds of computation per step, see {@link Compute}), {@code --calls}.
 */
public final class CGTranspose {
    private static final int TAG = 11;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        Args a = new Args(args);
        int steps = a.getInt("steps", 100), n = a.getInt("n", 64), compute = a.getInt("compute", 0);

        int s = (int) Math.round(Math.sqrt(size));
        if (s * s != size) {
            if (rank == 0) System.err.println("CGTranspose needs a square number of ranks, not " + size);
        } else {
            run(rank, s, steps, n, compute, log);
        }

        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }

    private static void run(int rank, int s, int steps, int n, int compute, CallLog log) throws Exception {
        int i = rank / s, j = rank % s;
        int partner = j * s + i; // == rank on the diagonal
        Intracomm row = MPI.COMM_WORLD.Split(i, j);
        log.note("Split");

        double[] v = new double[n], in = new double[n];
        for (int k = 0; k < n; k++) v[k] = rank + (double) k / n;

        double rowSum = 0;
        for (int step = 1; step <= steps; step++) {
            // Local work: damp the vector and add a small rank- and element-dependent source.
            for (int k = 0; k < n; k++) v[k] = 0.75 * v[k] + 0.01 * (k + 1) + 0.001 * rank;
            Compute.run(compute);

            if (partner != rank) {
                MPI.COMM_WORLD.Sendrecv(v, 0, n, MPI.DOUBLE, partner, TAG, in, 0, n, MPI.DOUBLE, partner, TAG);
                log.note("Sendrecv", partner, n);
                for (int k = 0; k < n; k++) v[k] = 0.5 * (v[k] + in[k]);
            }

            double local = 0;
            for (int k = 0; k < n; k++) local += v[k];
            double[] sum = new double[1];
            row.Allreduce(new double[] {local}, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM);
            log.note("Allreduce", -1, 1);
            rowSum = sum[0];
            // Pull the vector a little towards its row's mean, so every rank depends on its whole row.
            double mean = rowSum / (s * n);
            for (int k = 0; k < n; k++) v[k] = 0.9 * v[k] + 0.1 * mean;
        }

        double mine = 0;
        for (int k = 0; k < n; k++) mine += v[k] * (k + 1);
        double[] total = new double[1];
        MPI.COMM_WORLD.Reduce(new double[] {mine}, 0, total, 0, 1, MPI.DOUBLE, MPI.SUM, 0);
        log.note("Reduce", 0, 1);
        if (rank == 0)
            System.out.printf("CGTranspose grid=%dx%d n=%d steps=%d row0=%.9f checksum=%.9f%n",
                    s, s, n, steps, rowSum, total[0]);
    }
}
