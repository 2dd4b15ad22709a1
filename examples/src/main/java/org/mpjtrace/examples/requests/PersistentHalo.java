package org.mpjtrace.examples.requests;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Prequest;
import mpi.Request;
import org.mpjtrace.examples.support.Args;

/**
 * A ring halo exchange on persistent requests, as stencil codes write it to save the set-up of each
 * message: every rank makes its four requests once (a Send_init to each neighbour, a Recv_init from
 * each) and each step starts them all with Startall and completes them with Waitall; every
 * {@code every}-th step it also passes a token to the right with a Ssend_init and a Recv_init of their
 * own, each started with Start and completed with Wait.
 *
 * <p>Every message moves at a Start, none at an init: a trace's message matrix, the exports' message
 * arrows and the stats' bytes count them there.
 *
 * <p>Args: {@code steps=10}, {@code n=16} (doubles a halo message), {@code every=4}. Needs np >= 2. Every rank
 * prints a sum of what it received.
 */
public final class PersistentHalo {
    private static final int TO_RIGHT = 1, TO_LEFT = 2, TOKEN = 7;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        Args a = new Args(args);
        int steps = a.getInt("steps", 10), n = a.getInt("n", 16), every = a.getInt("every", 4);
        int left = (rank + size - 1) % size, right = (rank + 1) % size;

        double[] toLeft = new double[n], toRight = new double[n], fromLeft = new double[n], fromRight = new double[n];
        Prequest[] halo = {
            world.Send_init(toRight, 0, n, MPI.DOUBLE, right, TO_RIGHT),
            world.Send_init(toLeft, 0, n, MPI.DOUBLE, left, TO_LEFT),
            world.Recv_init(fromLeft, 0, n, MPI.DOUBLE, left, TO_RIGHT),
            world.Recv_init(fromRight, 0, n, MPI.DOUBLE, right, TO_LEFT),
        };
        int[] token = new int[1], got = new int[1];
        Prequest sendToken = world.Ssend_init(token, 0, 1, MPI.INT, right, TOKEN);
        Prequest takeToken = world.Recv_init(got, 0, 1, MPI.INT, left, TOKEN);

        double value = rank + 1, sum = 0;
        for (int step = 0; step < steps; step++) {
            for (int i = 0; i < n; i++) {
                toRight[i] = value + i;
                toLeft[i] = value - i;
            }
            Prequest.Startall(halo);
            Request.Waitall(halo);
            value = 0.5 * value + 0.25 * (fromLeft[0] + fromRight[n - 1]);
            sum += fromLeft[n - 1] + fromRight[0];
            if (step % every == 0) {
                token[0] = step * 10 + rank;
                takeToken.Start();
                sendToken.Start();
                sendToken.Wait();
                takeToken.Wait();
                sum += got[0];
            }
        }
        System.out.printf("PersistentHalo rank %d sum=%.6f%n", rank, sum);
        MPI.Finalize();
    }
}
