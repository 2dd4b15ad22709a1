package org.mpjtrace.examples;

import mpi.MPI;
import org.mpjtrace.examples.support.Args;

/**
 * Two MPI sessions in one run: MPI.Init, some Allreduces, MPI.Finalize, then MPI.Init again, more
 * Allreduces and MPI.Finalize, as test drivers do (MPJ Express allows Init after Finalize). The tracer
 * keeps each session's trace in a file of its own.
 *
 * <p>Args: {@code first=3 second=6}, the Allreduces of each session.
 */
public final class TwoSessions {

    public static void main(String[] argv) throws Exception {
        for (int session = 1; session <= 2; session++) {
            String[] args = MPI.Init(argv);
            Args a = new Args(args);
            int calls = session == 1 ? a.getInt("first", 3) : a.getInt("second", 6);
            int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
            int[] mine = {rank + session}, sum = new int[1];
            for (int i = 0; i < calls; i++) MPI.COMM_WORLD.Allreduce(mine, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            if (rank == 0) System.out.println("TwoSessions session " + session + " np=" + size + " allreduces=" + calls + " sum=" + sum[0]);
            MPI.Finalize();
        }
    }
}
