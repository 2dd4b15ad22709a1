package org.mpjtrace.examples;

import mpi.MPI;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

/**
 * ApiTour's requests part: completing nonblocking requests (Waitany, Waitsome, Testany, Testsome,
 * Testall, Test, Wait), the persistent requests (Send_init, Bsend_init, Ssend_init, Rsend_init,
 * Recv_init, Start, Startall) and Cancel.
 */
final class ApiTourRequests extends ApiTourPart {
    ApiTourRequests(ApiTourPart tour) {
        super(tour);
    }

    /**
     * Waitany, Waitsome, Testany, Testsome, Testall and Test, on messages both partners exchange. The Test
     * family is called in a loop until it reports completion (each call logged), but a Barrier after
     * both sides have posted their sends and receives lets every message match first, so in practice one
     * call is enough and the call list comes out the same on every run.
     */
    void completion() throws Exception {
        int[][] in = new int[2][2];
        Request[] r = exchangeTwo(in, 30);
        Request.Waitany(r);
        log.note("Waitany", -1, 2);
        Request.Waitsome(r); // one of the two is still pending, so this returns once it completes
        log.note("Waitsome", -1, 2);
        fold(in[0]);
        fold(in[1]);

        r = exchangeTwo(in, 40);
        Status any;
        do {
            any = Request.Testany(r);
            log.note("Testany", -1, 2);
        } while (any == null);
        Status[] some;
        do {
            some = Request.Testsome(r); // finished requests are skipped: this tests the other one
            log.note("Testsome", -1, 2);
        } while (some == null || some.length == 0);
        fold(in[0]);
        fold(in[1]);

        int[] one = new int[1];
        Request q = world.Irecv(one, 0, 1, MPI.INT, partner, 50);
        log.note("Irecv", partner, 1);
        Request s = world.Isend(new int[] {rank + 50}, 0, 1, MPI.INT, partner, 50);
        log.note("Isend", partner, 1);
        world.Barrier();
        log.note("Barrier");
        Status st;
        do {
            st = q.Test();
            log.note("Test", -1, 1);
        } while (st == null);
        s.Wait();
        log.note("Wait", -1, 1);
        fold(one);
    }

    /**
     * Posts two receives from and two sends to the partner, with tags tag and tag + 1, then a Barrier;
     * completes the sends (Testall, looping) and returns the receives.
     */
    private Request[] exchangeTwo(int[][] in, int tag) throws Exception {
        Request[] r = new Request[2], s = new Request[2];
        for (int i = 0; i < 2; i++) {
            r[i] = world.Irecv(in[i], 0, 2, MPI.INT, partner, tag + i);
            log.note("Irecv", partner, 2);
        }
        for (int i = 0; i < 2; i++) {
            s[i] = world.Isend(new int[] {rank, tag + i}, 0, 2, MPI.INT, partner, tag + i);
            log.note("Isend", partner, 2);
        }
        world.Barrier();
        log.note("Barrier");
        Status[] all;
        do {
            all = Request.Testall(s);
            log.note("Testall", -1, 2);
        } while (all == null);
        return r;
    }

    /**
     * The five persistent requests. The receiver starts its Recv_init requests with Startall; after a
     * Barrier (so the Rsend_init receive is posted) the sender starts two of its requests with Start and
     * the other two with Startall.
     *
     * <p>One round only: in MPJ 0.44 a started Bsend_init request stays at the head of MPJ's queue of
     * buffered messages even after Wait completes it, and the next buffered send spins forever waiting
     * for it, so restarting the requests (or any Bsend after this) would hang.
     */
    void persistent() throws Exception {
        int[][] bufs = new int[4][2];
        Prequest[] p = new Prequest[4];
        if (sender) {
            for (int i = 0; i < 4; i++) bufs[i] = new int[] {rank, 60 + i};
            p[0] = world.Send_init(bufs[0], 0, 2, MPI.INT, partner, 60);
            log.note("Send_init", partner, 2);
            p[1] = world.Bsend_init(bufs[1], 0, 2, MPI.INT, partner, 61);
            log.note("Bsend_init", partner, 2);
            p[2] = world.Ssend_init(bufs[2], 0, 2, MPI.INT, partner, 62);
            log.note("Ssend_init", partner, 2);
            p[3] = world.Rsend_init(bufs[3], 0, 2, MPI.INT, partner, 63);
            log.note("Rsend_init", partner, 2);
            world.Barrier();
            log.note("Barrier");
            p[0].Start();
            log.note("Start", -1, 1);
            p[1].Start();
            log.note("Start", -1, 1);
            Prequest.Startall(new Prequest[] {p[2], p[3]});
            log.note("Startall", -1, 2);
        } else {
            for (int i = 0; i < 4; i++) {
                p[i] = world.Recv_init(bufs[i], 0, 2, MPI.INT, partner, 60 + i);
                log.note("Recv_init", partner, 2);
            }
            Prequest.Startall(p);
            log.note("Startall", -1, 4);
            world.Barrier();
            log.note("Barrier");
        }
        Request.Waitall(p);
        log.note("Waitall", -1, 4);
        if (!sender) for (int[] b : bufs) fold(b);
    }

    /**
     * Cancel of a receive that can never match (nobody sends tag 999), then Test. MPJ 0.44 does not
     * implement Cancel on this device: it prints a notice and the receive stays posted (Test returns
     * null), which is why this is Test, not Wait (it would block forever), and why only one rank does it.
     */
    void cancel() throws Exception {
        if (rank != 3) return;
        Request r = world.Irecv(new int[1], 0, 1, MPI.INT, 0, 999);
        log.note("Irecv", 0, 1);
        r.Cancel();
        log.note("Cancel", -1, 1);
        r.Test();
        log.note("Test", -1, 1);
    }
}
