package org.mpjtrace.examples;

import mpi.MPI;
import org.mpjtrace.examples.support.Args;

/**
 * Ends a job other than through MPI.Finalize, as real programs do: every rank takes part in
 * {@code steps} Barrier-Allreduce steps, rank 0 prints the sum, all meet in one more Barrier, then rank
 * {@code rank} ends the job the way {@code end} says while the others wait in a Barrier it never
 * reaches (except with {@code end=finalize}, the normal path):
 * <ul>
 *   <li>{@code exit}: System.exit(3);</li>
 *   <li>{@code throw}: an uncaught exception in the rank's main thread;</li>
 *   <li>{@code hang}: it prints {@code hanging} and waits forever, for a SIGTERM from outside.</li>
 * </ul>
 * With {@code wait=finalize} the others call MPI.Finalize instead of the Barrier, and wait there for the
 * rank that ended the job. A tracer must leave these endings as they are and still write a trace that
 * says how the job ended.
 *
 * <p>Args: {@code steps=5 end=exit rank=0 wait=barrier}.
 */
public final class EarlyExit {

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        Args a = new Args(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int steps = a.getInt("steps", 5), ender = a.getInt("rank", 0);
        String end = a.get("end", "exit"), wait = a.get("wait", "barrier");
        int[] one = {1}, sum = new int[1];
        for (int step = 0; step < steps; step++) {
            MPI.COMM_WORLD.Barrier();
            MPI.COMM_WORLD.Allreduce(one, 0, sum, 0, 1, MPI.INT, MPI.SUM);
        }
        if (rank == 0) System.out.println("EarlyExit np=" + size + " steps=" + steps + " sum=" + sum[0] + " end=" + end);
        MPI.COMM_WORLD.Barrier(); // rank 0 has printed before any rank ends the job
        if (end.equals("finalize")) {
            MPI.Finalize();
            return;
        }
        if (rank == ender) {
            switch (end) {
                case "exit" -> System.exit(3);
                case "throw" -> throw new IllegalStateException("rank " + rank + " fails on purpose");
                case "hang" -> {
                    System.out.println("hanging");
                    System.out.flush();
                    Thread.sleep(Long.MAX_VALUE);
                }
                default -> throw new IllegalArgumentException("end=" + end + ": expected finalize, exit, throw or hang");
            }
        }
        if (!wait.equals("finalize")) MPI.COMM_WORLD.Barrier(); // never completes: the ender does not come
        MPI.Finalize();
    }
}
