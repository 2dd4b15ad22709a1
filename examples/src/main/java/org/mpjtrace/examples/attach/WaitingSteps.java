package org.mpjtrace.examples.attach;

import java.nio.file.Files;
import java.nio.file.Path;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import org.mpjtrace.examples.support.Args;

/**
 * A time loop that a user attaches the tracer to while it runs: {@code before} steps, then a wait until
 * the file {@code go} exists (rank 0 prints "waiting for GO" and looks for it every 20 ms, then tells
 * the others with a Bcast), then {@code after} steps, then MPI.Finalize. Each step passes a value round
 * the ring (Sendrecv, tag = step % 3) and sums it over all ranks (Allreduce); rank 0 prints the last sum.
 * Before the wait each rank also posts a receive from its left neighbour (Irecv, tag 7), which it
 * completes after it (Send to the right, then Wait): a request made before an attach, waited on after.
 *
 * <p>Each step is a method of its own, entered anew every step: a tracer attached during the wait
 * rewrites the code of the steps after it, while main's own frame, running since before the attach,
 * keeps the code it started with (the JVM replaces a method's code for its next call only). Without
 * {@code go} the job does not wait.
 *
 * <p>Args: {@code before=5}, {@code after=10}, {@code go=PATH}.
 */
public final class WaitingSteps {
    private static final int PENDING_TAG = 7;

    private WaitingSteps() {}

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        Intracomm world = MPI.COMM_WORLD;
        Args a = new Args(args);
        int before = a.getInt("before", 5), after = a.getInt("after", 10);
        String go = a.get("go", "");
        double[] value = {world.Rank()}, sum = new double[1];
        for (int step = 0; step < before; step++) step(world, step, value, sum);
        int rank = world.Rank(), size = world.Size();
        int[] token = new int[1];
        Request pending = world.Irecv(token, 0, 1, MPI.INT, (rank + size - 1) % size, PENDING_TAG);
        if (!go.isEmpty()) waitFor(world, Path.of(go));
        complete(world, pending, token);
        for (int step = before; step < before + after; step++) step(world, step, value, sum);
        if (world.Rank() == 0) System.out.printf("WaitingSteps np=%d steps=%d sum=%.6f%n", world.Size(), before + after, sum[0]);
        MPI.Finalize();
    }

    /** Sends this rank's token to the right and waits for the receive posted before the wait. */
    static void complete(Intracomm world, Request pending, int[] token) {
        world.Send(new int[] {world.Rank()}, 0, 1, MPI.INT, (world.Rank() + 1) % world.Size(), PENDING_TAG);
        pending.Wait();
    }

    static void step(Intracomm world, int step, double[] value, double[] sum) {
        int rank = world.Rank(), size = world.Size();
        double[] in = new double[1];
        world.Sendrecv(value, 0, 1, MPI.DOUBLE, (rank + 1) % size, step % 3, in, 0, 1, MPI.DOUBLE, (rank + size - 1) % size, step % 3);
        world.Allreduce(in, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM);
        value[0] = in[0] + sum[0] / size;
    }

    private static void waitFor(Intracomm world, Path go) throws InterruptedException {
        int[] ready = {0};
        if (world.Rank() == 0) {
            System.out.println("waiting for " + go);
            System.out.flush();
            while (!Files.exists(go)) Thread.sleep(20);
            ready[0] = 1;
        }
        world.Bcast(ready, 0, 1, MPI.INT, 0);
    }
}
