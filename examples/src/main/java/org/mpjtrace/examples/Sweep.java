package org.mpjtrace.examples;

import java.util.Arrays;
import mpi.MPI;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;
import org.mpjtrace.examples.support.Compute;
import org.mpjtrace.examples.support.Grid2D;

/**
 * A wavefront over a near-square grid of ranks (see {@link Grid2D}), as in transport sweeps or dynamic
 * programming: every cell depends on its west and north neighbours, so a rank can only start once the
 * ranks to its west and north have finished and sent it their edges. Each sweep, a rank Recv's the edge
 * from its west and north neighbours (if it has them), computes its n x n block, and Send's its east and
 * south edges on (if those neighbours exist). The front moves diagonally from rank 0 to the last rank.
 *
 * <p>After {@code sweeps} sweeps a Reduce to rank 0 sums all cells, which rank 0 prints.
 *
 * <p>Args: {@code sweeps=4}, {@code n=16} (local block edge), {@code compute=0} (microseconds of computation per
 * block, see {@link Compute}), {@code --calls}.
 */
public final class Sweep {
    private static final int TAG = 5;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        Args a = new Args(args);
        int sweeps = a.getInt("sweeps", 4), n = a.getInt("n", 16), compute = a.getInt("compute", 0);

        Grid2D g = new Grid2D(size, rank);
        int west = g.neighbour(0, -1), north = g.neighbour(-1, 0);
        int east = g.neighbour(0, 1), south = g.neighbour(1, 0);
        double[][] cell = new double[n][n];
        double[] fromWest = new double[n], fromNorth = new double[n], edge = new double[n];

        for (int s = 0; s < sweeps; s++) {
            // Cells on the domain's west and north boundary see a fixed inflow of 1.
            Arrays.fill(fromWest, 1.0);
            Arrays.fill(fromNorth, 1.0);
            if (west >= 0) {
                MPI.COMM_WORLD.Recv(fromWest, 0, n, MPI.DOUBLE, west, TAG);
                log.note("Recv", west, n);
            }
            if (north >= 0) {
                MPI.COMM_WORLD.Recv(fromNorth, 0, n, MPI.DOUBLE, north, TAG);
                log.note("Recv", north, n);
            }
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++) {
                    double w = j > 0 ? cell[i][j - 1] : fromWest[i];
                    double up = i > 0 ? cell[i - 1][j] : fromNorth[j];
                    // Half of each upstream value flows on, plus a little of what the cell held last sweep.
                    cell[i][j] = 0.5 * (w + up) * 0.9 + 0.1 * cell[i][j];
                }
            Compute.run(compute);
            if (east >= 0) {
                for (int i = 0; i < n; i++) edge[i] = cell[i][n - 1];
                MPI.COMM_WORLD.Send(edge, 0, n, MPI.DOUBLE, east, TAG);
                log.note("Send", east, n);
            }
            if (south >= 0) {
                MPI.COMM_WORLD.Send(cell[n - 1], 0, n, MPI.DOUBLE, south, TAG);
                log.note("Send", south, n);
            }
        }

        double mine = 0;
        for (double[] row : cell) for (double v : row) mine += v;
        double[] total = new double[1];
        MPI.COMM_WORLD.Reduce(new double[] {mine}, 0, total, 0, 1, MPI.DOUBLE, MPI.SUM, 0);
        log.note("Reduce", 0, 1);
        if (rank == 0)
            System.out.printf("Sweep grid=%dx%d n=%d sweeps=%d sum=%.9f%n", g.rows, g.cols, n, sweeps, total[0]);

        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }
}
