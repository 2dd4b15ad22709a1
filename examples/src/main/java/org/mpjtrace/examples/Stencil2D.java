package org.mpjtrace.examples;

import java.util.Arrays;
import mpi.MPI;
import mpi.Request;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;
import org.mpjtrace.examples.support.Compute;
import org.mpjtrace.examples.support.Grid2D;

/**
 * 5-point Jacobi relaxation of a square plate whose top edge is held at 1 and other edges at 0. The plate
 * is cut into a near-square grid of ranks (see {@link Grid2D}), each owning an n x n block plus a one-cell
 * halo. The decomposition is NOT periodic: a rank on the plate's edge has no neighbour there and keeps
 * the fixed boundary value in that halo instead (no PROC_NULL; the missing neighbour is skipped).
 *
 * <p>Each step swaps halos with the existing neighbours (Irecv all, Isend all, one Waitall); every 10th
 * step an Allreduce sums the squared update, the convergence check a real solver would make. At the end a
 * Reduce to rank 0 sums the plate, which rank 0 prints with the last residual.
 *
 * <p>Args: {@code steps=100}, {@code n=32} (local block edge), {@code compute=0} (microseconds of computation
 * per step, see {@link Compute}), {@code --calls}.
 */
public final class Stencil2D {
    private static final int TAG = 7;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        Args a = new Args(args);
        int steps = a.getInt("steps", 100), n = a.getInt("n", 32), compute = a.getInt("compute", 0);

        Grid2D g = new Grid2D(size, rank);
        // Neighbours in the order north, south, west, east; -1 where the plate ends.
        int[] nbr = {g.neighbour(-1, 0), g.neighbour(1, 0), g.neighbour(0, -1), g.neighbour(0, 1)};
        int w = n + 2; // row length including the halo
        double[] u = new double[w * w], next = new double[w * w];
        if (nbr[0] < 0) for (int j = 0; j < w; j++) u[j] = next[j] = 1.0; // the hot top edge

        double[][] out = new double[4][n], in = new double[4][n];
        double residual = 0;
        for (int step = 1; step <= steps; step++) {
            // Post every receive before any send, then wait for all at once: no ordering between
            // neighbours is needed, so no rank can block another.
            Request[] reqs = new Request[8];
            int nreq = 0;
            for (int d = 0; d < 4; d++) {
                if (nbr[d] < 0) continue;
                reqs[nreq++] = MPI.COMM_WORLD.Irecv(in[d], 0, n, MPI.DOUBLE, nbr[d], TAG);
                log.note("Irecv", nbr[d], n);
            }
            for (int d = 0; d < 4; d++) {
                if (nbr[d] < 0) continue;
                edge(u, n, d, out[d], false);
                reqs[nreq++] = MPI.COMM_WORLD.Isend(out[d], 0, n, MPI.DOUBLE, nbr[d], TAG);
                log.note("Isend", nbr[d], n);
            }
            Request[] all = Arrays.copyOf(reqs, nreq);
            Request.Waitall(all);
            log.note("Waitall", -1, all.length);
            for (int d = 0; d < 4; d++) if (nbr[d] >= 0) edge(u, n, d, in[d], true);

            double local = 0;
            for (int i = 1; i <= n; i++)
                for (int j = 1; j <= n; j++) {
                    int k = i * w + j;
                    next[k] = 0.25 * (u[k - w] + u[k + w] + u[k - 1] + u[k + 1]);
                    local += (next[k] - u[k]) * (next[k] - u[k]);
                }
            double[] t = u; u = next; next = t; // the halo of next is refreshed by the next exchange
            Compute.run(compute);

            if (step % 10 == 0) {
                double[] sum = new double[1];
                MPI.COMM_WORLD.Allreduce(new double[] {local}, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM);
                log.note("Allreduce", -1, 1);
                residual = Math.sqrt(sum[0]);
            }
        }

        double mine = 0;
        for (int i = 1; i <= n; i++) for (int j = 1; j <= n; j++) mine += u[i * w + j];
        double[] total = new double[1];
        MPI.COMM_WORLD.Reduce(new double[] {mine}, 0, total, 0, 1, MPI.DOUBLE, MPI.SUM, 0);
        log.note("Reduce", 0, 1);
        if (rank == 0)
            System.out.printf("Stencil2D grid=%dx%d n=%d steps=%d residual=%.9e sum=%.9f%n",
                    g.rows, g.cols, n, steps, residual, total[0]);

        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }

    /**
     * Copies between the block's edge and a halo buffer for direction d (0 north, 1 south, 2 west,
     * 3 east): the outermost owned row/column into buf, or, with intoHalo, buf into the halo beyond it.
     */
    private static void edge(double[] u, int n, int d, double[] buf, boolean intoHalo) {
        int w = n + 2;
        // North and west (even d) face the low side: row/column 1, or halo 0. South and east: n, or n + 1.
        int line = d % 2 == 0 ? (intoHalo ? 0 : 1) : (intoHalo ? n + 1 : n);
        for (int i = 0; i < n; i++) {
            int k = d < 2 ? line * w + 1 + i : (1 + i) * w + line;
            if (intoHalo) u[k] = buf[i]; else buf[i] = u[k];
        }
    }
}
