package org.mpjtrace.examples;

import java.nio.ByteBuffer;
import java.util.Arrays;
import mpi.Cartcomm;
import mpi.Graphcomm;
import mpi.Group;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Prequest;
import mpi.Request;
import mpi.ShiftParms;
import mpi.Status;

/**
 * Every MPJ call the tracer intercepts, except Abort, each at least once and each logged, so a trace of
 * this program can be checked op by op. Written for exactly 4 ranks (it says so and stops otherwise). Point-to-point
 * sections pair rank 0 with 1 and 2 with 3 ({@code partner = rank ^ 1}); where only one side sends,
 * the even rank sends and the odd rank receives.
 *
 * <p>Each rank folds what it receives into a checksum; a final Reduce sums them at rank 0, which prints
 * it, so a tracer that disturbed any message would change the output.
 *
 * <p>MPJ 0.44 quirks this works around (details at each place): Request.Cancel prints "Not implemented
 * in this release" and leaves the receive posted, so it is called on rank 3 only and followed by Test,
 * not Wait; Waitany and Waitsome spin forever on an array of finished requests, so they only get arrays
 * with a pending request; a waited Bsend_init request blocks all later buffered sends, so the persistent
 * requests run one round and come after every other buffered send; Create_intercomm mixes up its two
 * communicators, so it is called on the peer communicator with the local one as argument.
 *
 * <p>Args: {@code --calls}.
 */
public final class ApiTour {
    private final CallLog log;
    private final Intracomm world = MPI.COMM_WORLD;
    private final int rank, partner;
    private final boolean sender;
    private long check;

    private ApiTour(CallLog log, int rank) {
        this.log = log;
        this.rank = rank;
        this.partner = rank ^ 1;
        this.sender = rank % 2 == 0;
    }

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        if (size != 4) {
            if (rank == 0) System.out.println("ApiTour needs exactly 4 ranks, not " + size);
        } else {
            // Bsend, Ibsend and Bsend_init copy their messages into this buffer (attaching is not logged).
            MPI.Buffer_attach(ByteBuffer.allocateDirect(1 << 16));
            ApiTour t = new ApiTour(log, rank);
            t.blocking();
            t.nonblocking();
            t.completion();
            t.persistent();
            t.combined();
            t.probes();
            t.cancel();
            t.collectives();
            t.communicators();
            t.packing();
            t.finish();
        }
        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }

    /** Send, Ssend, Bsend and Rsend from the even rank, each matched by a Recv or (for Rsend) an Irecv. */
    private void blocking() throws Exception {
        int[] buf = {rank, 1, 2, 3};
        if (sender) {
            world.Send(buf, 0, 4, MPI.INT, partner, 10);
            log.note("Send", partner, 4);
            world.Ssend(buf, 0, 4, MPI.INT, partner, 11);
            log.note("Ssend", partner, 4);
            world.Bsend(buf, 0, 4, MPI.INT, partner, 12);
            log.note("Bsend", partner, 4);
            // Rsend is only legal once the receive is posted: the Barrier is after the partner's Irecv.
            world.Barrier();
            log.note("Barrier");
            world.Rsend(buf, 0, 4, MPI.INT, partner, 13);
            log.note("Rsend", partner, 4);
        } else {
            for (int tag = 10; tag <= 12; tag++) {
                world.Recv(buf, 0, 4, MPI.INT, partner, tag);
                log.note("Recv", partner, 4);
                fold(buf);
            }
            Request r = world.Irecv(buf, 0, 4, MPI.INT, partner, 13);
            log.note("Irecv", partner, 4);
            world.Barrier();
            log.note("Barrier");
            r.Wait();
            log.note("Wait", -1, 1);
            fold(buf);
        }
    }

    /** The four nonblocking sends, against four receives posted (before a Barrier, for Irsend) first. */
    private void nonblocking() throws Exception {
        int[][] bufs = new int[4][3];
        Request[] reqs = new Request[4];
        if (sender) {
            for (int i = 0; i < 4; i++) bufs[i] = new int[] {rank, i, 7};
            world.Barrier();
            log.note("Barrier");
            reqs[0] = world.Isend(bufs[0], 0, 3, MPI.INT, partner, 20);
            log.note("Isend", partner, 3);
            reqs[1] = world.Ibsend(bufs[1], 0, 3, MPI.INT, partner, 21);
            log.note("Ibsend", partner, 3);
            reqs[2] = world.Issend(bufs[2], 0, 3, MPI.INT, partner, 22);
            log.note("Issend", partner, 3);
            reqs[3] = world.Irsend(bufs[3], 0, 3, MPI.INT, partner, 23);
            log.note("Irsend", partner, 3);
        } else {
            for (int i = 0; i < 4; i++) {
                reqs[i] = world.Irecv(bufs[i], 0, 3, MPI.INT, partner, 20 + i);
                log.note("Irecv", partner, 3);
            }
            world.Barrier();
            log.note("Barrier");
        }
        Request.Waitall(reqs);
        log.note("Waitall", -1, 4);
        if (!sender) for (int[] b : bufs) fold(b);
    }

    /**
     * Waitany, Waitsome, Testany, Testsome, Testall and Test, on messages both partners exchange. The Test
     * family is called in a loop until it reports completion (each call logged), but a Barrier after
     * both sides have posted their sends and receives lets every message match first, so in practice one
     * call is enough and the call list comes out the same on every run.
     */
    private void completion() throws Exception {
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
    private void persistent() throws Exception {
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

    /** Sendrecv and Sendrecv_replace between partners (both sides send). */
    private void combined() throws Exception {
        int[] out = {rank, 70}, in = new int[2];
        world.Sendrecv(out, 0, 2, MPI.INT, partner, 70, in, 0, 2, MPI.INT, partner, 70);
        log.note("Sendrecv", partner, 2);
        fold(in);
        int[] buf = {rank, 71, 72};
        world.Sendrecv_replace(buf, 0, 3, MPI.INT, partner, 71, partner, 71);
        log.note("Sendrecv_replace", partner, 3);
        fold(buf);
    }

    /** Probe and Iprobe (count 0 by convention), each followed by the Recv it announces. */
    private void probes() throws Exception {
        Request[] s = new Request[2];
        if (sender) {
            for (int i = 0; i < 2; i++) {
                s[i] = world.Isend(new int[] {rank, 80 + i, 9}, 0, 3, MPI.INT, partner, 80 + i);
                log.note("Isend", partner, 3);
            }
        }
        world.Barrier();
        log.note("Barrier");
        if (sender) {
            Request.Waitall(s);
            log.note("Waitall", -1, 2);
        } else {
            Status st = world.Probe(partner, 80);
            log.note("Probe", partner, 0);
            receiveProbed(st);
            do {
                st = world.Iprobe(MPI.ANY_SOURCE, 81);
                log.note("Iprobe", MPI.ANY_SOURCE, 0);
            } while (st == null);
            receiveProbed(st);
        }
    }

    /** Receives the message a probe found, sized by its status, as probing is for. */
    private void receiveProbed(Status st) throws Exception {
        int n = st.Get_count(MPI.INT);
        int[] buf = new int[n];
        world.Recv(buf, 0, n, MPI.INT, st.source, st.tag);
        log.note("Recv", st.source, n);
        fold(buf);
    }

    /**
     * Cancel of a receive that can never match (nobody sends tag 999), then Test. MPJ 0.44 does not
     * implement Cancel on this device: it prints a notice and the receive stays posted (Test returns
     * null), which is why this is Test, not Wait (it would block forever), and why only one rank does it.
     */
    private void cancel() throws Exception {
        if (rank != 3) return;
        Request r = world.Irecv(new int[1], 0, 1, MPI.INT, 0, 999);
        log.note("Irecv", 0, 1);
        r.Cancel();
        log.note("Cancel", -1, 1);
        r.Test();
        log.note("Test", -1, 1);
    }

    /** Every collective on COMM_WORLD, with roots spread over the ranks and uneven counts for the v forms. */
    private void collectives() throws Exception {
        int[] counts = {1, 2, 3, 4}, displs = {0, 1, 3, 6}; // rank r contributes r + 1 elements
        int mine = rank + 1;

        int[] b = {rank == 1 ? 5 : 0, rank == 1 ? 6 : 0};
        world.Bcast(b, 0, 2, MPI.INT, 1);
        log.note("Bcast", 1, 2);
        fold(b);

        int[] red = new int[2];
        world.Reduce(new int[] {rank, 1}, 0, red, 0, 2, MPI.INT, MPI.SUM, 2);
        log.note("Reduce", 2, 2);
        fold(red);
        world.Allreduce(new int[] {rank, -rank}, 0, red, 0, 2, MPI.INT, MPI.MAX);
        log.note("Allreduce", -1, 2);
        fold(red);
        int[] scan = new int[1];
        world.Scan(new int[] {rank + 1}, 0, scan, 0, 1, MPI.INT, MPI.SUM);
        log.note("Scan", -1, 1);
        fold(scan);
        int[] rs = new int[mine];
        world.Reduce_scatter(seq(10, 10), 0, rs, 0, counts, MPI.INT, MPI.SUM);
        log.note("Reduce_scatter", -1, 10);
        fold(rs);

        int[] all = new int[10];
        world.Gather(new int[] {rank, rank}, 0, 2, MPI.INT, all, 0, 2, MPI.INT, 3);
        log.note("Gather", 3, 2);
        world.Gatherv(seq(rank, mine), 0, mine, MPI.INT, all, 0, counts, displs, MPI.INT, 0);
        log.note("Gatherv", 0, mine);
        if (rank == 0) fold(all);
        int[] part = new int[4];
        world.Scatter(seq(100, 8), 0, 2, MPI.INT, part, 0, 2, MPI.INT, 1);
        log.note("Scatter", 1, 2);
        fold(part);
        world.Scatterv(seq(200, 10), 0, counts, displs, MPI.INT, part, 0, mine, MPI.INT, 0);
        log.note("Scatterv", 0, mine);
        fold(part);

        world.Allgather(new int[] {rank * 3}, 0, 1, MPI.INT, all, 0, 1, MPI.INT);
        log.note("Allgather", -1, 1);
        world.Allgatherv(seq(rank, mine), 0, mine, MPI.INT, all, 0, counts, displs, MPI.INT);
        log.note("Allgatherv", -1, mine);
        fold(all);
        int[] a2a = new int[8];
        world.Alltoall(seq(rank * 8, 8), 0, 2, MPI.INT, a2a, 0, 2, MPI.INT);
        log.note("Alltoall", -1, 2);
        fold(a2a);
        // Rank r sends (r + j) % 3 + 1 elements to rank j: symmetric, so it also receives that many from j.
        int[] sc = new int[4], sd = new int[4];
        int total = 0;
        for (int j = 0; j < 4; j++) {
            sc[j] = (rank + j) % 3 + 1;
            sd[j] = total;
            total += sc[j];
        }
        int[] got = new int[total];
        world.Alltoallv(seq(rank * 100, total), 0, sc, sd, MPI.INT, got, 0, sc, sd, MPI.INT);
        log.note("Alltoallv", -1, total);
        fold(got);
    }

    /**
     * Communicator and topology constructors, each followed by a collective on the new communicator (it
     * is logged like any other) and, where the communicator is ours to drop, by Free.
     */
    private void communicators() throws Exception {
        int[] one = new int[1];

        Intracomm half = world.Split(rank % 2, rank);
        log.note("Split");
        half.Allreduce(new int[] {rank}, 0, one, 0, 1, MPI.INT, MPI.SUM);
        log.note("Allreduce", -1, 1);
        fold(one);

        Group first3 = world.Group().Incl(new int[] {0, 1, 2});
        Intracomm sub = world.Create(first3); // ranks outside the group get no communicator
        log.note("Create");
        if (rank < 3) {
            sub.Barrier();
            log.note("Barrier");
            sub.Free();
            log.note("Free");
        }

        Intracomm copy = (Intracomm) world.clone();
        log.note("clone");
        one[0] = rank == 2 ? 42 : 0;
        copy.Bcast(one, 0, 1, MPI.INT, 2);
        log.note("Bcast", 2, 1);
        fold(one);
        copy.Free();
        log.note("Free");

        // A 2x2 grid, periodic along axis 0 only; Sub keeps axis 1, giving the two rows.
        Cartcomm cart = world.Create_cart(new int[] {2, 2}, new boolean[] {true, false}, false);
        log.note("Create_cart");
        ShiftParms sp = cart.Shift(0, 1);
        log.note("Shift");
        int[] in = new int[1];
        cart.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, sp.rank_dest, 90, in, 0, 1, MPI.INT, sp.rank_source, 90);
        log.note("Sendrecv", sp.rank_dest, 1);
        fold(in);
        Cartcomm row = cart.Sub(new boolean[] {false, true});
        log.note("Sub");
        row.Allreduce(new int[] {rank}, 0, one, 0, 1, MPI.INT, MPI.MAX);
        log.note("Allreduce", -1, 1);
        fold(one);

        // A ring as a graph: node i is linked to i - 1 and i + 1.
        Graphcomm ring = world.Create_graph(new int[] {2, 4, 6, 8}, new int[] {1, 3, 0, 2, 1, 3, 0, 2}, false);
        log.note("Create_graph");
        ring.Barrier();
        log.note("Barrier");

        // Two halves {0,1} and {2,3} joined by an intercommunicator, then merged back into one intracomm
        // with the upper half ordered first.
        int side = rank / 2;
        Intracomm local = world.Split(side, rank);
        log.note("Split");
        // MPI spells this local.Create_intercomm(world, ...), but MPJ 0.44 swaps the two communicators'
        // groups inside (local_leader is looked up in the peer group, remote_leader in the local one), so
        // the call that works is made on the peer communicator with the local one as argument.
        Intercomm inter = world.Create_intercomm(local, 0, side == 0 ? 2 : 0, 91);
        log.note("Create_intercomm");
        Intracomm merged = inter.Merge(side == 0);
        log.note("Merge");
        merged.Allreduce(new int[] {merged.Rank() * 10 + rank}, 0, one, 0, 1, MPI.INT, MPI.SUM);
        log.note("Allreduce", -1, 1);
        fold(one);
        merged.Free();
        log.note("Free");
    }

    /** Pack an int and a double array into one mpjbuf.Buffer, then Unpack them again. */
    private void packing() throws Exception {
        int[] ints = {rank, 11, 12};
        double[] dbls = {rank + 0.5, 2.25};
        mpjbuf.Buffer buf = new mpjbuf.Buffer(world.Pack_size(3, MPI.INT) + world.Pack_size(2, MPI.DOUBLE));
        int pos = world.Pack(ints, 0, 3, MPI.INT, buf, 0);
        log.note("Pack", -1, 3);
        pos = world.Pack(dbls, 0, 2, MPI.DOUBLE, buf, pos);
        log.note("Pack", -1, 2);
        buf.commit(); // switches the buffer from writable to readable: Unpack refuses it otherwise
        int[] ints2 = new int[3];
        double[] dbls2 = new double[2];
        pos = world.Unpack(buf, 0, ints2, 0, 3, MPI.INT);
        log.note("Unpack", -1, 3);
        world.Unpack(buf, pos, dbls2, 0, 2, MPI.DOUBLE);
        log.note("Unpack", -1, 2);
        if (!Arrays.equals(ints, ints2) || !Arrays.equals(dbls, dbls2))
            throw new IllegalStateException("Pack/Unpack round trip changed the data");
        fold(ints2);
        check += (long) (dbls2[0] * 4);
    }

    /** Sums every rank's checksum at rank 0, which prints it. */
    private void finish() throws Exception {
        long[] total = new long[1];
        world.Reduce(new long[] {check}, 0, total, 0, 1, MPI.LONG, MPI.SUM, 0);
        log.note("Reduce", 0, 1);
        if (rank == 0) System.out.println("ApiTour np=4 checksum=" + total[0]);
    }

    /** Folds received values into this rank's checksum, position-sensitively. */
    private void fold(int[] values) {
        for (int v : values) check = check * 31 + v;
    }

    /** {@code n} consecutive integers from {@code from}. */
    private static int[] seq(int from, int n) {
        int[] s = new int[n];
        for (int i = 0; i < n; i++) s[i] = from + i;
        return s;
    }
}
