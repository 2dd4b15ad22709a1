package org.mpjtrace.examples.clusters;

import mpi.MPI;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;
import org.mpjtrace.examples.support.Compute;

/**
 * Every step, every rank sends every rank a block whose length depends on both ({@code (rank + j) % 3 + 1}
 * ints to rank j, with Alltoallv), then the ranks add up what they received (Allreduce). Every rank makes
 * the same calls in the same order; only the counts differ from rank to rank. So a clustering mode may put
 * ranks with other counts under one lead, and a trace that kept only the lead's calls would give them the
 * lead's counts (issue 33 item 4): the trace must keep each rank's own. Rank 0 prints the total, which
 * checks that every block arrived. Any number of ranks.
 *
 * <p>Args: {@code steps=20}, {@code compute=0} (microseconds of computation per step, see {@link Compute}),
 * {@code --calls}.
 */
public final class RankCounts {

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        Args a = new Args(args);
        int steps = a.getInt("steps", 20), compute = a.getInt("compute", 0);

        int[] sendCounts = new int[size], sendAt = new int[size], recvCounts = new int[size], recvAt = new int[size];
        int sent = 0, received = 0;
        for (int j = 0; j < size; j++) {
            sendCounts[j] = (rank + j) % 3 + 1;
            sendAt[j] = sent;
            sent += sendCounts[j];
            // Rank j sends this rank (j + rank) % 3 + 1 ints: the same formula seen from the other side.
            recvCounts[j] = (j + rank) % 3 + 1;
            recvAt[j] = received;
            received += recvCounts[j];
        }
        int[] out = new int[sent], in = new int[received];
        long[] total = new long[1], sum = new long[1];
        for (int step = 0; step < steps; step++) {
            for (int i = 0; i < sent; i++) out[i] = rank + step + i;
            Compute.run(compute);
            MPI.COMM_WORLD.Alltoallv(out, 0, sendCounts, sendAt, MPI.INT, in, 0, recvCounts, recvAt, MPI.INT);
            log.note("Alltoallv", -1, sent);
            long mine = 0;
            for (int v : in) mine += v;
            sum[0] = mine;
            MPI.COMM_WORLD.Allreduce(sum, 0, total, 0, 1, MPI.LONG, MPI.SUM);
            log.note("Allreduce", -1, 1);
        }
        if (rank == 0) System.out.println("RankCounts np=" + size + " steps=" + steps + " total=" + total[0]);

        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }
}
