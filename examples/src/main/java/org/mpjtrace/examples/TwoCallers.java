package org.mpjtrace.examples;

import mpi.MPI;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;
import org.mpjtrace.examples.support.Compute;

/**
 * One MPJ call site reached from different places, the case calling context tells apart. Values pass
 * round a ring of ranks through one helper, {@link #shift}, whose single Sendrecv is called from
 * {@link #run} directly and from {@link #smooth}, twice (once each way); a global sum, the single
 * Allreduce in {@link #total}, is taken from two places too. Without calling context every Sendrecv
 * looks alike in a trace; with it the direct shift and the smoothing shifts get signatures of their own.
 *
 * <p>Each step: every rank takes its left neighbour's value (a shift to the right), then averages its
 * value with both neighbours'. Rank 0 prints the global sum before and after (both keep it) and its own
 * final value, which depends on every exchange.
 *
 * <p>Args: {@code steps=4}, {@code compute=0} (microseconds of computation per step, see {@link Compute}),
 * {@code --calls}. Needs np >= 2.
 */
public final class TwoCallers {
    private static final int TAG = 11;

    private final int rank;
    private final int size;
    private final CallLog log;

    private TwoCallers(int rank, int size, CallLog log) {
        this.rank = rank;
        this.size = size;
        this.log = log;
    }

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        Args a = new Args(args);
        new TwoCallers(rank, size, log).run(a.getInt("steps", 4), a.getInt("compute", 0));
        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }

    private void run(int steps, int compute) {
        double x = rank + 1;
        double before = total(x);
        for (int step = 0; step < steps; step++) {
            Compute.run(compute);
            x = shift(x, 1);
            x = smooth(x);
        }
        double after = total(x);
        if (rank == 0)
            System.out.printf("TwoCallers np=%d steps=%d sum before=%.6f after=%.6f x0=%.9f%n", size, steps, before, after, x);
    }

    /** The average of this rank's value and its two neighbours': two more calls of the one Sendrecv. */
    private double smooth(double x) {
        double fromLeft = shift(x, 1);
        double fromRight = shift(x, -1);
        return (fromLeft + x + fromRight) / 3;
    }

    /** Sends x {@code dir} places round the ring and returns what arrives from the other side. */
    private double shift(double x, int dir) {
        int dest = Math.floorMod(rank + dir, size), source = Math.floorMod(rank - dir, size);
        double[] in = new double[1];
        MPI.COMM_WORLD.Sendrecv(new double[] {x}, 0, 1, MPI.DOUBLE, dest, TAG, in, 0, 1, MPI.DOUBLE, source, TAG);
        log.note("Sendrecv", dest, 1);
        return in[0];
    }

    private double total(double x) {
        double[] sum = new double[1];
        MPI.COMM_WORLD.Allreduce(new double[] {x}, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM);
        log.note("Allreduce", -1, 1);
        return sum[0];
    }
}
