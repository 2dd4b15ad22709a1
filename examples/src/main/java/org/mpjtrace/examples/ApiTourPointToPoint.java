package org.mpjtrace.examples;

import mpi.Datatype;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/**
 * ApiTour's point-to-point part: the blocking sends (Send, Ssend, Bsend, Rsend) and Recv, the
 * nonblocking sends (Isend, Ibsend, Issend, Irsend) and Irecv, Sendrecv and Sendrecv_replace, Probe
 * and Iprobe, and a Send of a derived datatype, between partners 0 and 1, 2 and 3.
 */
final class ApiTourPointToPoint extends ApiTourPart {
    ApiTourPointToPoint(ApiTourPart tour) {
        super(tour);
    }

    /** Send, Ssend, Bsend and Rsend from the even rank, each matched by a Recv or (for Rsend) an Irecv. */
    void blocking() throws Exception {
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

    /**
     * Two elements of a derived datatype, Contiguous(4, INT), tag 14: 32 bytes, where MPJ's Size() of the type
     * is 4 base elements and its getByteSize() 16 bytes.
     */
    void derived() throws Exception {
        Datatype quad = Datatype.Contiguous(4, MPI.INT);
        quad.Commit();
        int[] buf = new int[8];
        if (sender) {
            for (int i = 0; i < buf.length; i++) buf[i] = rank + i;
            world.Send(buf, 0, 2, quad, partner, 14);
            log.note("Send", partner, 2);
        } else {
            world.Recv(buf, 0, 2, quad, partner, 14);
            log.note("Recv", partner, 2);
            fold(buf);
        }
    }

    /** The four nonblocking sends, against four receives posted (before a Barrier, for Irsend) first. */
    void nonblocking() throws Exception {
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

    /** Sendrecv and Sendrecv_replace between partners (both sides send). */
    void combined() throws Exception {
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
    void probes() throws Exception {
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
}
