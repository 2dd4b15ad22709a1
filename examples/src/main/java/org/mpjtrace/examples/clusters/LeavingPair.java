package org.mpjtrace.examples.clusters;

import mpi.MPI;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;
import org.mpjtrace.examples.support.Compute;

/**
 * A time-step loop with no collective, which one pair of ranks leaves early: each step every rank swaps a
 * value with its partner (rank XOR 1) in one Sendrecv, and the last two ranks stop after {@code early}
 * steps while the others go on to {@code steps}. Then the last rank waits for a value rank 0 sends only
 * after its own loop, and all meet in a Reduce to rank 0, which prints the checksum.
 *
 * <p>A tracer that made the ranks meet at a point of the loop (a vote at a call site) would hang here:
 * rank 0 would wait in the loop for the last rank, which waits in its Recv for rank 0. Marker auto's
 * own loops never make a rank wait for another's loop. Needs an even np &gt;= 4.
 *
 * <p>Args: {@code steps=100}, {@code early=30}, {@code compute=0} (microseconds per step, see {@link Compute}), {@code --calls}.
 */
public final class LeavingPair {
    private static final int TAG = 7;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        Args a = new Args(args);
        int steps = a.getInt("steps", 100), early = a.getInt("early", 30), compute = a.getInt("compute", 0);
        if (size < 4 || size % 2 != 0) throw new IllegalArgumentException("LeavingPair needs an even number of ranks, at least 4, not " + size);

        int partner = rank ^ 1;
        boolean leaver = rank >= size - 2;
        long[] mine = {rank + 1}, theirs = new long[1];
        for (int step = 0; step < (leaver ? early : steps); step++) {
            Compute.run(compute);
            MPI.COMM_WORLD.Sendrecv(mine, 0, 1, MPI.LONG, partner, TAG, theirs, 0, 1, MPI.LONG, partner, TAG);
            log.note("Sendrecv", partner, 1);
            mine[0] = (mine[0] * 31 + theirs[0]) % 1_000_003L;
        }
        if (rank == 0) {
            MPI.COMM_WORLD.Send(mine, 0, 1, MPI.LONG, size - 1, TAG);
            log.note("Send", size - 1, 1);
        } else if (rank == size - 1) {
            MPI.COMM_WORLD.Recv(theirs, 0, 1, MPI.LONG, 0, TAG);
            log.note("Recv", 0, 1);
            mine[0] = (mine[0] + theirs[0]) % 1_000_003L;
        }
        long[] total = new long[1];
        MPI.COMM_WORLD.Reduce(mine, 0, total, 0, 1, MPI.LONG, MPI.SUM, 0);
        log.note("Reduce", 0, 1);
        if (rank == 0) System.out.println("LeavingPair np=" + size + " steps=" + steps + " early=" + early + " total=" + total[0]);

        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }
}
