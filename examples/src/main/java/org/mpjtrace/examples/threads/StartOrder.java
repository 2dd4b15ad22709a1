package org.mpjtrace.examples.threads;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import org.mpjtrace.examples.support.Args;

/**
 * Two helper threads a rank, each with a ring of Sendrecv on a communicator of its own, started one after
 * the other: helper A (tag 0) first, then helper B (tag 1). Which one calls MPJ first is set to differ from
 * rank to rank, as a race between two threads does: on even ranks A makes its first call (an Iprobe, which
 * is local) before B, on odd ranks B before A. Before either, the main thread starts a watcher thread that
 * never calls MPJ and ends when the helpers have.
 *
 * <p>A tracer that numbered threads by their first MPJ call would give A and B swapped numbers on every
 * other rank. Numbered as they were started, the watcher takes 1, A 2 and B 3 on every rank, so clustering
 * and {@code compare} pair each rank's helpers by what they do, and a replay of a clustered trace sends
 * each helper's messages on its own communicator.
 *
 * <p>Args: {@code steps=20}. Needs np >= 2. Rank 0 prints the sums both helpers received.
 */
public final class StartOrder {
    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int steps = new Args(args).getInt("steps", 20);
        Intracomm[] comms = {(Intracomm) MPI.COMM_WORLD.clone(), (Intracomm) MPI.COMM_WORLD.clone()};

        CountDownLatch helpersDone = new CountDownLatch(2);
        Thread watcher = new Thread(() -> awaitQuietly(helpersDone), "watcher");
        watcher.start();

        // Even ranks let A call first, odd ranks B: each waits for the other's first call where it is second.
        CountDownLatch aCalled = new CountDownLatch(1), bCalled = new CountDownLatch(1);
        boolean aFirst = rank % 2 == 0;
        long[] sums = new long[2];
        Thread a = helper(comms[0], 0, rank, size, steps, aFirst ? null : bCalled, aCalled, sums, helpersDone);
        Thread b = helper(comms[1], 1, rank, size, steps, aFirst ? aCalled : null, bCalled, sums, helpersDone);
        a.start();
        b.start();
        a.join();
        b.join();
        watcher.join();

        long[] total = new long[2];
        MPI.COMM_WORLD.Allreduce(sums, 0, total, 0, 2, MPI.LONG, MPI.SUM);
        if (rank == 0) System.out.println("StartOrder np=" + size + " A=" + total[0] + " B=" + total[1]);
        MPI.Finalize();
    }

    /** A helper: its first call after {@code after} (if any), then its ring of {@code steps} Sendrecv on {@code comm} with tag {@code tag}. */
    private static Thread helper(Intracomm comm, int tag, int rank, int size, int steps, CountDownLatch after, CountDownLatch called,
                                 long[] sums, CountDownLatch done) {
        return new Thread(() -> {
            try {
                if (after != null) after.await(60, TimeUnit.SECONDS);
                int right = (rank + 1) % size, left = (rank + size - 1) % size;
                comm.Iprobe(left, tag + 100); // nothing is ever sent with this tag: a local call, made first
                called.countDown();
                int[] in = new int[1];
                for (int step = 0; step < steps; step++) {
                    comm.Sendrecv(new int[] {rank * 1000 + step * 2 + tag}, 0, 1, MPI.INT, right, tag, in, 0, 1, MPI.INT, left, tag);
                    sums[tag] += in[0];
                }
            } catch (MPIException | InterruptedException e) {
                throw new IllegalStateException("helper " + (tag == 0 ? "A" : "B") + " of rank " + rank + ": " + e, e);
            } finally {
                done.countDown();
            }
        }, tag == 0 ? "helper-A" : "helper-B");
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
