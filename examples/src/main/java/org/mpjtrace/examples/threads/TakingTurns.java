package org.mpjtrace.examples.threads;

import java.util.concurrent.CountDownLatch;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import org.mpjtrace.examples.support.Args;

/**
 * A rank's threads taking turns on one communicator, in two ways programs do, each turn a collective
 * whose count says which turn it is (a rank that took the turns in another order than the others would
 * meet them with another count):
 * <ol>
 *   <li>Two workers, A and B, started in that order, each make one Allreduce on a shared Dup of
 *       COMM_WORLD; the first has 1 element, the second 2. The program orders them with a latch, and
 *       which worker goes first differs by rank: A on even ranks, B on odd ones. The first worker makes a
 *       local call (an Iprobe), computes for 20 ms and makes its Allreduce; the second waits for it, on
 *       even ranks after a local call of its own and with 10 ms of computation after the wait, on odd
 *       ranks with no call before its Allreduce.</li>
 *   <li>Then a thread per step, each started when the one before has ended (joined): step s makes one
 *       Allreduce of s + 1 elements on the same communicator.</li>
 * </ol>
 *
 * <p>Nothing in a thread's own calls and computation gives that order: a replay that runs each thread's
 * calls on a thread of its own, free, starts every step thread at once, and on odd ranks makes B's
 * Allreduce (its first call) before A has computed. The order is the threads' calls on the shared
 * communicator as the rank made them, which a dump, or a trace with {@code timing=lossless}, keeps.
 *
 * <p>Args: {@code steps=4}. Needs np >= 2. Rank 0 prints the sums of every turn.
 */
public final class TakingTurns {
    private static final int FIRST_COMPUTE_MS = 20, SECOND_COMPUTE_MS = 10;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int steps = new Args(args).getInt("steps", 4);
        Intracomm shared = (Intracomm) MPI.COMM_WORLD.clone();

        boolean aFirst = rank % 2 == 0;
        CountDownLatch firstDone = new CountDownLatch(1);
        long[] workerSums = new long[2];
        Thread a = worker(shared, rank, aFirst, firstDone, workerSums), b = worker(shared, rank, !aFirst, firstDone, workerSums);
        a.start();
        b.start();
        a.join();
        b.join();

        long[] stepSums = new long[steps];
        for (int step = 0; step < steps; step++) {
            int s = step;
            Thread t = new Thread(() -> stepSums[s] = allreduce(shared, rank, s + 1), "step-" + step);
            t.start();
            t.join();
        }
        if (rank == 0) {
            StringBuilder line = new StringBuilder("TakingTurns np=" + size + " first=" + workerSums[0] + " second=" + workerSums[1]);
            for (long sum : stepSums) line.append(' ').append(sum);
            System.out.println(line);
        }
        MPI.Finalize();
    }

    /** A worker: the first makes its Allreduce of 1 element after 20 ms of computation, the second its Allreduce of 2 after the first's. */
    private static Thread worker(Intracomm shared, int rank, boolean first, CountDownLatch firstDone, long[] sums) {
        return new Thread(() -> {
            try {
                if (first) {
                    MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, 99); // nothing is ever sent with this tag: a local call
                    Thread.sleep(FIRST_COMPUTE_MS);
                    sums[0] = allreduce(shared, rank, 1);
                    firstDone.countDown();
                } else {
                    boolean even = rank % 2 == 0;
                    if (even) MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, 99);
                    firstDone.await();
                    if (even) Thread.sleep(SECOND_COMPUTE_MS);
                    sums[1] = allreduce(shared, rank, 2);
                }
            } catch (MPIException | InterruptedException e) {
                throw new IllegalStateException("worker of rank " + rank + ": " + e, e);
            }
        }, first ? "first" : "second");
    }

    /** Allreduce of {@code count} elements, each the rank plus its index; returns the sum of the results. */
    private static long allreduce(Intracomm comm, int rank, int count) {
        long[] mine = new long[count], all = new long[count];
        for (int i = 0; i < count; i++) mine[i] = rank + i;
        comm.Allreduce(mine, 0, all, 0, count, MPI.LONG, MPI.SUM);
        long sum = 0;
        for (long v : all) sum += v;
        return sum;
    }
}
