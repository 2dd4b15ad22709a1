package org.mpjtrace.examples;

import mpi.MPI;
import mpi.Status;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;
import org.mpjtrace.examples.support.Compute;

/**
 * Dynamic load balancing: rank 0 hands out {@code tasks} task numbers one at a time, always to whichever
 * worker answered first (Recv from ANY_SOURCE, so the log's peer is -2, what was passed), and finally
 * sends every worker a stop message. A task is counting the primes in a block of integers; the master
 * prints the total, which does not depend on which worker did what. With np = 1 the master works alone.
 *
 * <p>Args: {@code tasks=40}, {@code compute=0} (microseconds of computation a worker adds to each task, see
 * {@link Compute}), {@code --calls}.
 */
public final class MasterWorker {
    private static final int TASK = 1, RESULT = 2, STOP = 3;
    private static final int BLOCK = 2000;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        Args a = new Args(args);
        int tasks = a.getInt("tasks", 40), compute = a.getInt("compute", 0);

        if (rank == 0) master(tasks, size, log);
        else worker(compute, log);

        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }

    private static void master(int tasks, int size, CallLog log) throws Exception {
        long total = 0;
        int sent = 0;
        if (size == 1) for (; sent < tasks; sent++) total += work(sent);
        // Prime every worker with one task (or a stop, if there are more workers than tasks).
        for (int w = 1; w < size; w++) {
            if (sent < tasks) {
                MPI.COMM_WORLD.Send(new int[] {sent++}, 0, 1, MPI.INT, w, TASK);
                log.note("Send", w, 1);
            } else {
                MPI.COMM_WORLD.Send(new int[] {-1}, 0, 1, MPI.INT, w, STOP);
                log.note("Send", w, 1);
            }
        }
        // Each result frees its worker for the next task; once none are left, the worker gets a stop.
        int busy = Math.min(tasks, size - 1);
        long[] result = new long[2];
        while (busy > 0) {
            Status st = MPI.COMM_WORLD.Recv(result, 0, 2, MPI.LONG, MPI.ANY_SOURCE, RESULT);
            log.note("Recv", MPI.ANY_SOURCE, 2);
            total += result[1];
            if (sent < tasks) {
                MPI.COMM_WORLD.Send(new int[] {sent++}, 0, 1, MPI.INT, st.source, TASK);
                log.note("Send", st.source, 1);
            } else {
                MPI.COMM_WORLD.Send(new int[] {-1}, 0, 1, MPI.INT, st.source, STOP);
                log.note("Send", st.source, 1);
                busy--;
            }
        }
        System.out.println("MasterWorker tasks=" + tasks + " primes=" + total);
    }

    private static void worker(int compute, CallLog log) throws Exception {
        int[] task = new int[1];
        while (true) {
            // ANY_TAG: the tag tells a task from a stop.
            Status st = MPI.COMM_WORLD.Recv(task, 0, 1, MPI.INT, 0, MPI.ANY_TAG);
            log.note("Recv", 0, 1);
            if (st.tag == STOP) return;
            Compute.run(compute);
            MPI.COMM_WORLD.Send(new long[] {task[0], work(task[0])}, 0, 2, MPI.LONG, 0, RESULT);
            log.note("Send", 0, 2);
        }
    }

    /** The number of primes in [task * BLOCK, (task + 1) * BLOCK), by trial division. */
    private static long work(int task) {
        long count = 0;
        for (int v = Math.max(2, task * BLOCK); v < (task + 1) * BLOCK; v++) {
            boolean prime = true;
            for (int d = 2; d * d <= v && prime; d++) prime = v % d != 0;
            if (prime) count++;
        }
        return count;
    }
}
