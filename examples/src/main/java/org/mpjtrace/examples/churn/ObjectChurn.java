package org.mpjtrace.examples.churn;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;

/**
 * Every step: a duplicate of COMM_WORLD (an Allreduce on it), a split of the ranks by parity (a Barrier on
 * it) and a strided Vector datatype (a Sendrecv round the ring with it), each freed after its one use.
 * Every step makes two communicators, so a run of {@code steps} makes {@code 2 steps} of them. Needs np >= 2.
 *
 * <p>Args: {@code steps=200}, {@code --calls}.
 */
public final class ObjectChurn {
    private static final int TAG = 5;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        int steps = new Args(args).getInt("steps", 200);

        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        int[] out = new int[16], in = new int[16];
        double[] mine = {rank + 1}, sum = new double[1];
        double total = 0;
        long received = 0;
        for (int step = 0; step < steps; step++) {
            Intracomm dup = (Intracomm) MPI.COMM_WORLD.clone();
            log.note("clone");
            dup.Allreduce(mine, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM);
            log.note("Allreduce", -1, 1);
            total += sum[0];
            dup.Free();
            log.note("Free");

            Intracomm half = MPI.COMM_WORLD.Split(rank % 2, rank);
            log.note("Split");
            half.Barrier();
            log.note("Barrier");
            half.Free();
            log.note("Free");

            Datatype everyOther = Datatype.Vector(8, 1, 2, MPI.INT);
            everyOther.Commit();
            for (int i = 0; i < out.length; i++) out[i] = rank * 1000 + step + i;
            MPI.COMM_WORLD.Sendrecv(out, 0, 1, everyOther, right, TAG, in, 0, 1, everyOther, left, TAG);
            log.note("Sendrecv", right, 1);
            received += in[0] + in[14];
            everyOther.free();
        }
        if (rank == 0) System.out.printf("ObjectChurn np=%d steps=%d total=%.1f received=%d%n", size, steps, total, received);

        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }
}
