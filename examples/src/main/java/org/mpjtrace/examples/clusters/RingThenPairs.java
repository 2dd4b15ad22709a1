package org.mpjtrace.examples.clusters;

import mpi.MPI;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;
import org.mpjtrace.examples.support.Compute;

/**
 * Two time-step loops with no collective, one after the other: {@code first} steps pass a value round a
 * ring (one Sendrecv a step, every rank alike), then {@code second} steps in pairs, where each even rank
 * sends its partner (rank + 1) a value and the odd rank receives it. Marker auto clusters the ranks on the
 * ring, where they are all alike; in the pairs loop the even and the odd ranks make other calls, so a
 * clustering that stood for the whole run would give the odd ranks their even lead's Sends. All meet in a
 * Reduce to rank 0, which prints the checksum. Needs an even np.
 *
 * <p>Args: {@code first=200}, {@code second=200}, {@code compute=0} (microseconds per step, see {@link Compute}), {@code --calls}.
 */
public final class RingThenPairs {
    private static final int TAG = 9;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        Args a = new Args(args);
        int first = a.getInt("first", 200), second = a.getInt("second", 200), compute = a.getInt("compute", 0);
        if (size % 2 != 0) throw new IllegalArgumentException("RingThenPairs needs an even number of ranks, not " + size);

        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        long[] mine = {rank + 1}, theirs = new long[1];
        for (int step = 0; step < first; step++) {
            Compute.run(compute);
            MPI.COMM_WORLD.Sendrecv(mine, 0, 1, MPI.LONG, right, TAG, theirs, 0, 1, MPI.LONG, left, TAG);
            log.note("Sendrecv", right, 1);
            mine[0] = (mine[0] * 31 + theirs[0]) % 1_000_003L;
        }
        for (int step = 0; step < second; step++) {
            Compute.run(compute);
            if (rank % 2 == 0) {
                MPI.COMM_WORLD.Send(mine, 0, 1, MPI.LONG, rank + 1, TAG + 1);
                log.note("Send", rank + 1, 1);
            } else {
                MPI.COMM_WORLD.Recv(theirs, 0, 1, MPI.LONG, rank - 1, TAG + 1);
                log.note("Recv", rank - 1, 1);
                mine[0] = (mine[0] + theirs[0]) % 1_000_003L;
            }
        }
        long[] total = new long[1];
        MPI.COMM_WORLD.Reduce(mine, 0, total, 0, 1, MPI.LONG, MPI.SUM, 0);
        log.note("Reduce", 0, 1);
        if (rank == 0) System.out.println("RingThenPairs np=" + size + " first=" + first + " second=" + second + " total=" + total[0]);

        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }
}
