package org.mpjtrace.examples.clusters;

import mpi.Intracomm;
import mpi.MPI;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;
import org.mpjtrace.examples.support.Compute;

/**
 * The ranks exchange in pairs (0 with 1, 2 with 3, ...), twice a step at one Sendrecv call site, each time on
 * one of two duplicates of COMM_WORLD: pair 0 takes them in the order (first, second), pair 1 in the order
 * (second, first), and so on; then an Allreduce on COMM_WORLD. Every rank makes the same calls at the same
 * sites with its partner at the same relative place, so a clustering mode may put ranks of two pairs under
 * one lead, whose calls alone would give the others its order of communicators (issue 33 item 4): a
 * replay of those would meet each message on the wrong communicator. A thread pool whose threads take
 * tasks on two communicators in whatever order they come makes the same difference. Rank 0 prints the
 * total, which checks that every exchange arrived. Needs an even np.
 *
 * <p>Args: {@code steps=20}, {@code compute=0} (microseconds per step, see {@link Compute}), {@code --calls}.
 */
public final class PairedComms {

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        if (size % 2 != 0) throw new IllegalArgumentException("PairedComms needs an even number of ranks, not " + size);
        Args a = new Args(args);
        int steps = a.getInt("steps", 20), compute = a.getInt("compute", 0);

        Intracomm first = (Intracomm) MPI.COMM_WORLD.clone();
        log.note("clone");
        Intracomm second = (Intracomm) MPI.COMM_WORLD.clone();
        log.note("clone");
        int pair = rank / 2, partner = rank % 2 == 0 ? rank + 1 : rank - 1;
        Intracomm[] order = pair % 2 == 0 ? new Intracomm[] {first, second} : new Intracomm[] {second, first};
        long[] mine = {rank + 1}, theirs = new long[1], sum = new long[1], total = new long[1];
        for (int step = 0; step < steps; step++) {
            Compute.run(compute);
            sum[0] = 0;
            for (Intracomm comm : order) {
                comm.Sendrecv(mine, 0, 1, MPI.LONG, partner, 4, theirs, 0, 1, MPI.LONG, partner, 4);
                log.note("Sendrecv", partner, 1);
                sum[0] += theirs[0];
            }
            MPI.COMM_WORLD.Allreduce(sum, 0, total, 0, 1, MPI.LONG, MPI.SUM);
            log.note("Allreduce", -1, 1);
            mine[0] = (mine[0] * 7 + total[0]) % 1_000_003L;
        }
        if (rank == 0) System.out.println("PairedComms np=" + size + " steps=" + steps + " total=" + total[0] + " last=" + mine[0]);

        first.Free();
        log.note("Free");
        second.Free();
        log.note("Free");
        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }
}
