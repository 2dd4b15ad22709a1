package org.mpjtrace.examples.requests;

import mpi.MPI;
import mpi.Request;
import mpi.Status;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;

/**
 * Completion in whatever order the messages arrive, as programs written elsewhere take it: every step each
 * rank posts an Irecv from every other rank and an Isend to every other, takes the receives with Waitany
 * until none is left, setting each one it took to {@code MPI.REQUEST_NULL}, then the sends with Testsome
 * until all have completed, setting those to {@code MPI.REQUEST_NULL} too. Which request each call completes
 * is the run's timing, so a replay or a proxy completes them in an order of its own (issue 33 item 3).
 *
 * <p>Args: {@code steps=3}, {@code --calls}. Needs np >= 2. Rank 0 prints the sum of what it received.
 */
public final class AnyOrder {
    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        int steps = new Args(args).getInt("steps", 3);
        long sum = 0;
        for (int step = 0; step < steps; step++) {
            int[][] in = new int[size][1];
            Request[] receives = new Request[size], sends = new Request[size];
            for (int p = 0; p < size; p++) {
                if (p == rank) {
                    receives[p] = MPI.REQUEST_NULL;
                    continue;
                }
                receives[p] = MPI.COMM_WORLD.Irecv(in[p], 0, 1, MPI.INT, p, step);
                log.note("Irecv", p, 1);
            }
            for (int p = 0; p < size; p++) {
                if (p == rank) {
                    sends[p] = MPI.REQUEST_NULL;
                    continue;
                }
                sends[p] = MPI.COMM_WORLD.Isend(new int[] {rank * 100 + step}, 0, 1, MPI.INT, p, step);
                log.note("Isend", p, 1);
            }
            for (int left = size - 1; left > 0; left--) {
                Status s = Request.Waitany(receives);
                log.note("Waitany", -1, size);
                receives[s.index] = MPI.REQUEST_NULL;
                sum += in[s.index][0];
            }
            for (int done = 0; done < size - 1; ) {
                Status[] some = Request.Testsome(sends);
                log.note("Testsome", -1, size);
                if (some == null) continue;
                for (Status s : some) {
                    if (sends[s.index] == MPI.REQUEST_NULL) continue;
                    sends[s.index] = MPI.REQUEST_NULL;
                    done++;
                }
            }
        }
        long[] total = new long[1];
        MPI.COMM_WORLD.Reduce(new long[] {sum}, 0, total, 0, 1, MPI.LONG, MPI.SUM, 0);
        log.note("Reduce", 0, 1);
        if (rank == 0) System.out.println("AnyOrder np=" + size + " steps=" + steps + " sum=" + total[0]);
        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }
}
