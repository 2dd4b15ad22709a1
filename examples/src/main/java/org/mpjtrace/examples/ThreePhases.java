package org.mpjtrace.examples;

import mpi.MPI;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;
import org.mpjtrace.examples.support.Compute;

/**
 * A solver in three phases, each in a method of its own, so that a phase detector has to find the
 * phases and name the function each comes from (the trace-segmentation paper's mapping of phases to
 * source):
 * <ol>
 *   <li>{@link #setUp}: {@code setup} rounds in which rank 0 broadcasts the parameters and scatters a
 *       block of the initial field to every rank (a Bcast and a Scatter a round);</li>
 *   <li>{@link #solve}: {@code steps} time steps of a 1-D halo exchange round a ring, a Sendrecv to the
 *       right and one to the left, then an Allreduce of the residual (three calls a step);</li>
 *   <li>{@link #finish}: {@code finish} rounds that Gather the field to rank 0 and Reduce a checksum to
 *       it (two calls a round).</li>
 * </ol>
 * So with the defaults rank r's calls are MPI.Init (call 0), set-up calls 1 to 2 setup, solve calls
 * 2 setup + 1 to 2 setup + 3 steps, finish calls up to 2 setup + 3 steps + 2 finish, then Finalize.
 * Rank 0 prints the last checksum.
 *
 * <p>Args: {@code setup=10}, {@code steps=40}, {@code finish=10}, {@code n=8} (block length),
 * {@code compute=0} (microseconds of computation per solve step, see {@link Compute}), {@code --calls}.
 */
public final class ThreePhases {
    private static final int TAG = 7;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        Args a = new Args(args);
        int setup = a.getInt("setup", 10), steps = a.getInt("steps", 40), finish = a.getInt("finish", 10);
        int n = a.getInt("n", 8), compute = a.getInt("compute", 0);

        double[] block = new double[n + 2]; // the block with a ghost cell at each end
        double alpha = setUp(setup, rank, size, block, n, log);
        solve(steps, rank, size, block, n, alpha, compute, log);
        double checksum = finish(finish, rank, size, block, n, log);
        if (rank == 0)
            System.out.printf("ThreePhases np=%d setup=%d steps=%d finish=%d n=%d checksum=%.9f%n", size, setup, steps, finish, n, checksum);

        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }

    /** Set-up: rank 0 sends the parameters and a block of the initial field to all; returns the diffusion coefficient. */
    private static double setUp(int rounds, int rank, int size, double[] block, int n, CallLog log) throws Exception {
        double[] params = new double[2];
        double[] field = new double[size * n];
        for (int round = 0; round < rounds; round++) {
            if (rank == 0) {
                params[0] = 0.25 / (round + 1) + 0.1; // the coefficient, refined each round
                params[1] = round;
                for (int i = 0; i < field.length; i++) field[i] = Math.sin(i + round);
            }
            MPI.COMM_WORLD.Bcast(params, 0, 2, MPI.DOUBLE, 0);
            log.note("Bcast", 0, 2);
            MPI.COMM_WORLD.Scatter(field, 0, n, MPI.DOUBLE, block, 1, n, MPI.DOUBLE, 0);
            log.note("Scatter", 0, n);
        }
        return params[0];
    }

    /** Solve: explicit diffusion steps, exchanging one ghost cell with each neighbour, the residual summed over all. */
    private static void solve(int steps, int rank, int size, double[] block, int n, double alpha, int compute, CallLog log)
            throws Exception {
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        double[] next = new double[n + 2], residual = new double[1];
        for (int step = 0; step < steps; step++) {
            Compute.run(compute);
            MPI.COMM_WORLD.Sendrecv(block, n, 1, MPI.DOUBLE, right, TAG, block, 0, 1, MPI.DOUBLE, left, TAG);
            log.note("Sendrecv", right, 1);
            MPI.COMM_WORLD.Sendrecv(block, 1, 1, MPI.DOUBLE, left, TAG, block, n + 1, 1, MPI.DOUBLE, right, TAG);
            log.note("Sendrecv", left, 1);
            double mine = 0;
            for (int i = 1; i <= n; i++) {
                next[i] = block[i] + alpha * (block[i - 1] - 2 * block[i] + block[i + 1]);
                mine += Math.abs(next[i] - block[i]);
            }
            System.arraycopy(next, 1, block, 1, n);
            MPI.COMM_WORLD.Allreduce(new double[] {mine}, 0, residual, 0, 1, MPI.DOUBLE, MPI.SUM);
            log.note("Allreduce", -1, 1);
        }
    }

    /** Finish: the field gathered to rank 0 and a weighted checksum reduced to it, each round; returns rank 0's checksum. */
    private static double finish(int rounds, int rank, int size, double[] block, int n, CallLog log) throws Exception {
        double[] field = new double[size * n], total = new double[1];
        for (int round = 0; round < rounds; round++) {
            MPI.COMM_WORLD.Gather(block, 1, n, MPI.DOUBLE, field, 0, n, MPI.DOUBLE, 0);
            log.note("Gather", 0, n);
            double mine = 0;
            for (int i = 1; i <= n; i++) mine += block[i] * (rank * n + i) * (round + 1);
            MPI.COMM_WORLD.Reduce(new double[] {mine}, 0, total, 0, 1, MPI.DOUBLE, MPI.SUM, 0);
            log.note("Reduce", 0, 1);
        }
        return total[0];
    }
}
