package org.mpjtrace.examples;

import mpi.Datatype;
import mpi.MPI;
import mpi.Request;
import mpi.Status;
import org.mpjtrace.examples.support.Args;
import org.mpjtrace.examples.support.CallLog;

/**
 * The request patterns of programs written elsewhere (issue 33), on a ring: every step each rank
 * exchanges with both neighbours and completes the requests the ways such programs do.
 * <ul>
 * <li>A Waitall over an array that holds {@code MPI.REQUEST_NULL} and whose requests are not in the order
 *     they were made.
 * <li>Waitany, then Waitsome, then Waitall, over one array; Testany, then Testsome, over another;
 *     Testall over an array of which some requests completed already (MPJ skips those, as it skips
 *     REQUEST_NULL).
 * <li>Wait and Test on {@code MPI.REQUEST_NULL} and Wait on a request that already completed: MPJ
 *     returns at once.
 * <li>A Sendrecv of a Struct datatype built of empty arrays: it moves nothing.
 * </ul>
 * A Barrier after each exchange is posted lets every message arrive first, so each Test-family call
 * completes what it can on its first try and the calls come out the same on every run.
 *
 * <p>Args: {@code steps=3}, {@code --calls}. Needs np >= 2. Rank 0 prints a checksum of what it received.
 * Each step is 25 calls per rank; traced in mode full on 4 ranks, 100 steps fold into one loop of a
 * 3.7 kB file (docs/benchmarks.md).
 */
public final class RequestPatterns {
    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        int steps = new Args(args).getInt("steps", 3);
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        Datatype empty = Datatype.Struct(new int[0], new int[0], new Datatype[0]);
        empty.Commit();

        long sum = 0;
        int[] fromLeft = new int[2], fromRight = new int[2];
        for (int step = 0; step < steps; step++) {
            // Made in the order 3, 0, 4, 2, with REQUEST_NULL at 1.
            Request[] r = new Request[5];
            r[3] = MPI.COMM_WORLD.Irecv(fromLeft, 0, 2, MPI.INT, left, 1);
            log.note("Irecv", left, 2);
            r[0] = MPI.COMM_WORLD.Irecv(fromRight, 0, 2, MPI.INT, right, 2);
            log.note("Irecv", right, 2);
            r[1] = MPI.REQUEST_NULL;
            r[4] = MPI.COMM_WORLD.Isend(new int[] {rank, step}, 0, 2, MPI.INT, right, 1);
            log.note("Isend", right, 2);
            r[2] = MPI.COMM_WORLD.Isend(new int[] {step, rank}, 0, 2, MPI.INT, left, 2);
            log.note("Isend", left, 2);
            Request.Waitall(r);
            log.note("Waitall", -1, 5);
            sum += fromLeft[0] + fromRight[1];

            Request[] w = exchange(rank, left, right, fromLeft, fromRight, 3, log);
            Request.Waitany(w);
            log.note("Waitany", -1, 5);
            Request.Waitsome(w); // every message has arrived: in practice the other three at once
            log.note("Waitsome", -1, 5);
            Request.Waitall(w); // whatever Waitsome left; the others are done, which MPJ skips
            log.note("Waitall", -1, 5);
            sum += fromLeft[0] + fromRight[1];

            Request[] t = exchange(rank, left, right, fromLeft, fromRight, 5, log);
            Status any;
            do {
                any = Request.Testany(t);
                log.note("Testany", -1, 5);
            } while (any == null);
            Request[] done = {t[0], t[1], t[2], t[4]};
            Status[] some;
            do {
                some = Request.Testsome(done); // what Testany completed is skipped
                log.note("Testsome", -1, 4);
            } while (some == null || some.length == 0);
            Request[] again = {t[4], t[3], t[0]};
            while (Request.Testall(again) == null) log.note("Testall", -1, 3);
            log.note("Testall", -1, 3);
            sum += fromLeft[0] + fromRight[1];

            MPI.REQUEST_NULL.Wait();
            log.note("Wait", -1, 1);
            MPI.REQUEST_NULL.Test();
            log.note("Test", -1, 1);
            t[3].Wait(); // Testall completed it
            log.note("Wait", -1, 1);

            MPI.COMM_WORLD.Sendrecv(new int[0], 0, 1, empty, right, 7, new int[0], 0, 1, empty, left, 7);
            log.note("Sendrecv", right, 1);
        }
        if (rank == 0) System.out.println("RequestPatterns np=" + size + " steps=" + steps + " sum=" + sum);

        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }

    /**
     * Posts a receive from each neighbour and a send to each (tags {@code tag} and {@code tag + 1}), then
     * a Barrier, so that every message has arrived when the caller completes them; returns the four
     * requests out of the order they were made, with REQUEST_NULL at index 2.
     */
    private static Request[] exchange(int rank, int left, int right, int[] fromLeft, int[] fromRight, int tag, CallLog log) throws Exception {
        Request[] a = new Request[5];
        a[4] = MPI.COMM_WORLD.Irecv(fromLeft, 0, 2, MPI.INT, left, tag);
        log.note("Irecv", left, 2);
        a[1] = MPI.COMM_WORLD.Irecv(fromRight, 0, 2, MPI.INT, right, tag + 1);
        log.note("Irecv", right, 2);
        a[2] = MPI.REQUEST_NULL;
        a[3] = MPI.COMM_WORLD.Isend(new int[] {rank, tag}, 0, 2, MPI.INT, right, tag);
        log.note("Isend", right, 2);
        a[0] = MPI.COMM_WORLD.Isend(new int[] {tag, rank}, 0, 2, MPI.INT, left, tag + 1);
        log.note("Isend", left, 2);
        MPI.COMM_WORLD.Barrier();
        log.note("Barrier");
        return a;
    }
}
