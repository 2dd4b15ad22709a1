package mpi.apps;

import mpi.MPI;
import mpi.Request;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;

/**
 * An application whose package is named {@code mpi.apps}, as MPJ Express's own test suites' are
 * ({@code mpi.ccl...}): a tracer must tell it from MPJ Express by where it comes from, not by its name.
 * Every step each rank receives from its left neighbour only ({@code rank - 1}, round the ring) and
 * sends to its right; rank 0 prints the sum of what went round. MPI.Init is called by a helper class
 * ({@link Session}), as drivers of test suites do, so the trace's main class and the class that called
 * MPI.Init differ.
 *
 * <p>Args: {@code steps=3}, {@code --calls}.
 */
public final class ShiftLeft {
    private static final int TAG = 4;

    public static void main(String[] argv) throws Exception {
        String[] args = Session.start(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        int steps = new Args(args).getInt("steps", 3);
        int left = (rank + size - 1) % size, right = (rank + 1) % size;
        int[] out = {rank}, in = new int[1];
        long sum = 0;
        for (int step = 0; step < steps; step++) {
            Request r = MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.INT, left, TAG);
            log.note("Irecv", left, 1);
            MPI.COMM_WORLD.Send(out, 0, 1, MPI.INT, right, TAG);
            log.note("Send", right, 1);
            r.Wait();
            log.note("Wait", -1, 1);
            sum += in[0];
            out[0] = in[0];
        }
        if (rank == 0) System.out.println("ShiftLeft np=" + size + " steps=" + steps + " sum=" + sum);
        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }

    /** Starts the MPJ session for the driver. */
    static final class Session {
        static String[] start(String[] argv) throws Exception {
            return MPI.Init(argv);
        }
    }
}
