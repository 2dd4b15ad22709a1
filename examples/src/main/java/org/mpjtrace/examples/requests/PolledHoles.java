package org.mpjtrace.examples.requests;

import java.util.Arrays;
import mpi.MPI;
import mpi.Request;
import mpi.Status;
import org.mpjtrace.examples.support.Args;

/**
 * Request arrays with {@code MPI.REQUEST_NULL} holes, completed three ways in turn, as polling programs do:
 * each step every rank posts an Irecv from and an Isend to some of the other ranks (a subset that changes
 * with the step), in one array of receives then sends, holes where it talks to no one; then step 0, 3, ...
 * polls with Testall, step 1, 4, ... with Testany (sleeping 1 ms between polls, setting each completed one
 * to REQUEST_NULL), and step 2, 5, ... takes them with Waitsome until none is left.
 *
 * <p>A replay or proxy completes more with one Waitsome than the program did at times, and is then left
 * with a Waitsome over an array with nothing to complete, on which MPJ waits forever: it makes a Testsome
 * there, which returns at once, rather than skip the call (the calls after it then kept their places for
 * {@code compare}).
 *
 * <p>Args: {@code steps=6}. Needs np >= 3. Every rank prints a sum of what it received.
 */
public final class PolledHoles {
    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int steps = new Args(args).getInt("steps", 6);
        long sum = 0;
        for (int step = 0; step < steps; step++) {
            Request[] requests = new Request[2 * size];
            Arrays.fill(requests, MPI.REQUEST_NULL);
            int[][] in = new int[size][1];
            int live = 0;
            for (int p = 0; p < size; p++) {
                if (p == rank || (p + rank + step) % 3 == 0) continue; // the pair talks this step (symmetric in p and rank)
                requests[p] = MPI.COMM_WORLD.Irecv(in[p], 0, 1, MPI.INT, p, step);
                requests[size + p] = MPI.COMM_WORLD.Isend(new int[] {rank * 10 + p + step}, 0, 1, MPI.INT, p, step);
                live += 2;
            }
            switch (step % 3) {
                case 0 -> {
                    while (Request.Testall(requests) == null) Thread.sleep(1);
                }
                case 1 -> {
                    while (live > 0) {
                        Status done = Request.Testany(requests);
                        if (done != null && done.index >= 0 && requests[done.index] != MPI.REQUEST_NULL) {
                            requests[done.index] = MPI.REQUEST_NULL;
                            live--;
                        } else {
                            Thread.sleep(1);
                        }
                    }
                }
                default -> {
                    while (live > 0) {
                        Status[] some = Request.Waitsome(requests);
                        if (some == null) break;
                        for (Status s : some) {
                            requests[s.index] = MPI.REQUEST_NULL;
                            live--;
                        }
                    }
                }
            }
            for (int p = 0; p < size; p++) sum += (long) in[p][0] * (step + 1);
        }
        System.out.println("PolledHoles rank " + rank + " sum=" + sum);
        MPI.Finalize();
    }
}
