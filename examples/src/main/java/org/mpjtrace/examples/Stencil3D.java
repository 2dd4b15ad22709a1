package org.mpjtrace.examples;

import mpi.Cartcomm;
import mpi.MPI;
import mpi.ShiftParms;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;
import org.mpjtrace.examples.support.Compute;

/**
 * 7-point diffusion on a periodic cube, decomposed over a periodic 3D Cartcomm (Create_cart with every
 * period true; dims from {@link #dims}, so 4 ranks give 2x2x1 and an axis of extent 1 makes a rank its
 * own neighbour, which MPJ handles like any other peer). Neighbours come from Shift, one call per axis.
 *
 * <p>Each step exchanges the six faces with two Sendrecv per axis (send up/receive from below, then send
 * down/receive from above), updates the interior, and ends with an Allreduce of (squared update, squared
 * field) so all ranks agree on the convergence state. Rank 0 prints the final pair.
 *
 * <p>Args: {@code steps=20}, {@code n=8} (local cube edge),
 * {@code compute=0} (microseconds of computation per step, see {@link Compute}), {@code --calls}.
 */
public final class Stencil3D {
    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        Args a = new Args(args);
        int steps = a.getInt("steps", 20), n = a.getInt("n", 8), compute = a.getInt("compute", 0);

        int[] dims = dims(size);
        Cartcomm cart = MPI.COMM_WORLD.Create_cart(dims, new boolean[] {true, true, true}, false);
        log.note("Create_cart");
        int me = cart.Rank();
        int[] coords = cart.Coords(me);
        int[] below = new int[3], above = new int[3];
        for (int d = 0; d < 3; d++) {
            ShiftParms p = cart.Shift(d, 1);
            log.note("Shift");
            below[d] = p.rank_source;
            above[d] = p.rank_dest;
        }

        int w = n + 2;
        double[] u = new double[w * w * w], next = new double[w * w * w];
        for (int i = 1; i <= n; i++)
            for (int j = 1; j <= n; j++)
                for (int k = 1; k <= n; k++) {
                    // Depends on the global position only through the decomposition, so it is reproducible.
                    long gx = coords[0] * n + i, gy = coords[1] * n + j, gz = coords[2] * n + k;
                    u[(i * w + j) * w + k] = ((gx * 7 + gy * 13 + gz * 5) % 17) / 17.0;
                }

        int face = n * n;
        double[] send = new double[face], recv = new double[face];
        double[] sums = new double[2];
        for (int step = 0; step < steps; step++) {
            for (int d = 0; d < 3; d++) {
                // Upward: my top layer goes to the rank above, the one below fills my lower halo.
                face(u, n, d, n, send, false);
                cart.Sendrecv(send, 0, face, MPI.DOUBLE, above[d], 2 * d, recv, 0, face, MPI.DOUBLE, below[d], 2 * d);
                log.note("Sendrecv", above[d], face);
                face(u, n, d, 0, recv, true);
                // Downward, the mirror image; a separate tag keeps the two directions apart when the
                // rank above and below are the same rank (an axis of extent 2).
                face(u, n, d, 1, send, false);
                cart.Sendrecv(send, 0, face, MPI.DOUBLE, below[d], 2 * d + 1, recv, 0, face, MPI.DOUBLE, above[d], 2 * d + 1);
                log.note("Sendrecv", below[d], face);
                face(u, n, d, n + 1, recv, true);
            }

            double[] local = new double[2];
            for (int i = 1; i <= n; i++)
                for (int j = 1; j <= n; j++)
                    for (int k = 1; k <= n; k++) {
                        int c = (i * w + j) * w + k;
                        double nb = u[c - w * w] + u[c + w * w] + u[c - w] + u[c + w] + u[c - 1] + u[c + 1];
                        next[c] = (u[c] + nb) / 7;
                        local[0] += (next[c] - u[c]) * (next[c] - u[c]);
                        local[1] += next[c] * next[c];
                    }
            double[] t = u; u = next; next = t;
            Compute.run(compute);

            cart.Allreduce(local, 0, sums, 0, 2, MPI.DOUBLE, MPI.SUM);
            log.note("Allreduce", -1, 2);
        }
        if (rank == 0)
            System.out.printf("Stencil3D dims=%dx%dx%d n=%d steps=%d residual=%.9e energy=%.9f%n",
                    dims[0], dims[1], dims[2], n, steps, Math.sqrt(sums[0]), sums[1]);

        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }

    /**
     * The most cube-like a >= b >= c with a * b * c = np. Not Cartcomm.Dims_create: in MPJ 0.44 it can
     * return dims whose product is not np (9 gives 2x2x2), and Create_cart then yields null.
     */
    static int[] dims(int np) {
        int[] best = {np, 1, 1};
        for (int c = 1; c * c * c <= np; c++)
            for (int b = c; c * b * b <= np; b++)
                if (np % (b * c) == 0 && np / (b * c) - c < best[0] - best[2]) best = new int[] {np / (b * c), b, c};
        return best;
    }

    /** Copies the layer {@code layer} (0..n+1) across axis d between the cube and a face buffer. */
    private static void face(double[] u, int n, int d, int layer, double[] buf, boolean intoCube) {
        int w = n + 2, b = 0;
        for (int x = 1; x <= n; x++)
            for (int y = 1; y <= n; y++, b++) {
                int i = d == 0 ? layer : x, j = d == 0 ? x : d == 1 ? layer : y, k = d == 2 ? layer : y;
                int c = (i * w + j) * w + k;
                if (intoCube) u[c] = buf[b]; else buf[b] = u[c];
            }
    }
}
