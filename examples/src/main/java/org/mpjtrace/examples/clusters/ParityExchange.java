package org.mpjtrace.examples.clusters;

import mpi.MPI;
import mpi.Request;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;
import org.mpjtrace.examples.support.Compute;

/**
 * Every step each rank swaps a block with both its ring neighbours, at one Irecv and one Isend call site
 * run once per neighbour, then waits for all four (Waitall) and adds up (Allreduce). Even ranks go right
 * first and odd ranks left first, each rank tags what it sends with {@code 10 + rank % 3}, and odd ranks
 * send one int more: the ranks make the same calls at the same sites, with the same neighbours in another
 * order, other tags and other counts. A
 * clustering mode may put them under one lead, whose calls alone would give the others its order and its
 * tags (issue 33 item 4). Rank 0 prints the total, which checks that every block arrived. Needs np >= 2.
 *
 * <p>Args: {@code steps=20}, {@code n=4} (ints per block of an even rank), {@code compute=0} (microseconds per step, see
 * {@link Compute}), {@code --calls}.
 */
public final class ParityExchange {

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        Args a = new Args(args);
        int steps = a.getInt("steps", 20), n = a.getInt("n", 4), compute = a.getInt("compute", 0);

        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        int[] order = rank % 2 == 0 ? new int[] {right, left} : new int[] {left, right};
        int[] out = new int[n + rank % 2];
        int[][] in = {new int[n + order[0] % 2], new int[n + order[1] % 2]};
        long[] sum = new long[1], total = new long[1];
        for (int step = 0; step < steps; step++) {
            for (int i = 0; i < out.length; i++) out[i] = rank * 1000 + step + i;
            Compute.run(compute);
            // Every receive and send is posted before any wait, so the two orders cannot block each other.
            Request[] reqs = new Request[4];
            for (int d = 0; d < 2; d++) {
                int peer = order[d];
                reqs[2 * d] = MPI.COMM_WORLD.Irecv(in[d], 0, in[d].length, MPI.INT, peer, 10 + peer % 3);
                log.note("Irecv", peer, in[d].length);
                reqs[2 * d + 1] = MPI.COMM_WORLD.Isend(out, 0, out.length, MPI.INT, peer, 10 + rank % 3);
                log.note("Isend", peer, out.length);
            }
            Request.Waitall(reqs);
            log.note("Waitall", -1, reqs.length);
            sum[0] = 0;
            for (int[] block : in) for (int v : block) sum[0] += v;
            MPI.COMM_WORLD.Allreduce(sum, 0, total, 0, 1, MPI.LONG, MPI.SUM);
            log.note("Allreduce", -1, 1);
        }
        if (rank == 0) System.out.println("ParityExchange np=" + size + " steps=" + steps + " total=" + total[0]);

        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }
}
