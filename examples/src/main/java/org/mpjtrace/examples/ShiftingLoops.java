package org.mpjtrace.examples;

import mpi.Intracomm;
import mpi.MPI;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;

/**
 * A solver whose time-step loop changes, then loses a rank: the loops marker {@code auto} has to follow
 * without hanging anyone.
 * <ol>
 *   <li>{@code first} steps: pass a vector round a ring with Sendrecv, then an Allreduce of its sum
 *       (one collective on all ranks per step);</li>
 *   <li>{@code second} steps: rank 0 broadcasts a scale factor, the ring pass, then the Allreduce (two
 *       collectives per step, at other call sites: the loop changed);</li>
 *   <li>{@code early} steps that rank 0 leaves out: the other ranks pass round their own ring and sum
 *       with an Allreduce on a communicator without rank 0, while rank 0 goes straight on.</li>
 * </ol>
 * All meet in a Reduce to rank 0, which prints the checksum.
 *
 * <p>Args: {@code first=40}, {@code second=40}, {@code early=20}, {@code n=8} (vector length), {@code --calls}.
 */
public final class ShiftingLoops {
    private static final int TAG = 5;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        Args a = new Args(args);
        int first = a.getInt("first", 40), second = a.getInt("second", 40), early = a.getInt("early", 20), n = a.getInt("n", 8);

        double[] v = new double[n], in = new double[n];
        for (int i = 0; i < n; i++) v[i] = rank + 0.1 * i;
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        for (int step = 0; step < first; step++) {
            ring(MPI.COMM_WORLD, v, in, right, left, log);
            sumAndScale(MPI.COMM_WORLD, v, size, log);
        }
        for (int step = 0; step < second; step++) {
            double[] scale = {rank == 0 ? 0.5 + 1.0 / (step + 2) : 0};
            MPI.COMM_WORLD.Bcast(scale, 0, 1, MPI.DOUBLE, 0);
            log.note("Bcast", 0, 1);
            for (int i = 0; i < n; i++) v[i] *= scale[0];
            ring(MPI.COMM_WORLD, v, in, right, left, log);
            sumAndScale(MPI.COMM_WORLD, v, size, log);
        }
        // Rank 0 leaves the loop here; the others go on among themselves.
        Intracomm rest = MPI.COMM_WORLD.Split(rank == 0 ? 0 : 1, rank);
        log.note("Split");
        if (rank != 0) {
            int r = rest.Rank(), s = rest.Size();
            for (int step = 0; step < early && s > 1; step++) {
                ring(rest, v, in, (r + 1) % s, (r + s - 1) % s, log);
                sumAndScale(rest, v, s, log);
            }
        }

        double mine = 0;
        for (int i = 0; i < n; i++) mine += v[i] * (i + 1);
        double[] total = new double[1];
        MPI.COMM_WORLD.Reduce(new double[] {mine}, 0, total, 0, 1, MPI.DOUBLE, MPI.SUM, 0);
        log.note("Reduce", 0, 1);
        if (rank == 0)
            System.out.printf("ShiftingLoops np=%d first=%d second=%d early=%d n=%d checksum=%.9f%n", size, first, second, early, n, total[0]);
        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }

    /** Averages the vector with the left neighbour's (in {@code comm}'s ring). */
    private static void ring(Intracomm comm, double[] v, double[] in, int right, int left, CallLog log) throws Exception {
        comm.Sendrecv(v, 0, v.length, MPI.DOUBLE, right, TAG, in, 0, in.length, MPI.DOUBLE, left, TAG);
        log.note("Sendrecv", right, v.length);
        for (int i = 0; i < v.length; i++) v[i] = 0.5 * (v[i] + in[i]);
    }

    /** Sums the vectors' first element over {@code comm} and nudges every element towards the mean. */
    private static void sumAndScale(Intracomm comm, double[] v, int size, CallLog log) throws Exception {
        double[] sum = new double[1];
        comm.Allreduce(new double[] {v[0]}, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM);
        log.note("Allreduce", -1, 1);
        for (int i = 0; i < v.length; i++) v[i] = 0.9 * v[i] + 0.1 * sum[0] / size;
    }
}
