package org.mpjtrace.examples;

import mpi.MPI;
import mpi.MPIException;
import org.mpjtrace.examples.support.Args;

/**
 * Calls MPI.Finalize a second time, as a program may by mistake: MPJ Express raises its own
 * MPIException there, which each rank prints and survives. A tracer must leave that behaviour alone and
 * keep the trace the first Finalize completed. Before the first Finalize every rank takes part in
 * {@code steps} Allreduces, each after a Barrier (the clustering modes' default marker).
 *
 * <p>Args: {@code steps=4}.
 */
public final class FinalizeTwice {

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int steps = new Args(args).getInt("steps", 4);
        int[] one = {1}, sum = new int[1];
        for (int step = 0; step < steps; step++) {
            MPI.COMM_WORLD.Barrier();
            MPI.COMM_WORLD.Allreduce(one, 0, sum, 0, 1, MPI.INT, MPI.SUM);
        }
        if (rank == 0) System.out.println("FinalizeTwice np=" + size + " steps=" + steps + " sum=" + sum[0]);
        MPI.Finalize();
        try {
            MPI.Finalize();
            System.out.println("rank " + rank + ": the second MPI.Finalize returned");
        } catch (MPIException e) {
            System.out.println("rank " + rank + ": the second MPI.Finalize raised " + e.getClass().getSimpleName());
        }
    }
}
