package org.mpjtrace.replay;

import static org.mpjtrace.trace.Event.comm;
import static org.mpjtrace.trace.Event.count;
import static org.mpjtrace.trace.Event.count2;
import static org.mpjtrace.trace.Event.datatype;
import static org.mpjtrace.trace.Event.datatype2;
import static org.mpjtrace.trace.Event.peer;
import static org.mpjtrace.trace.Event.peer2;
import static org.mpjtrace.trace.Event.tag;
import static org.mpjtrace.trace.Event.tag2;

import java.util.Map;
import mpi.Cartcomm;
import mpi.Comm;
import mpi.Datatype;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.FlagBits;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.TraceFile;

/**
 * Issues one recorded call again, on one rank: the same op on the same communicator, with the recorded
 * peers, tags, counts and datatypes, into buffers of that size ({@link Buffers}); requests, communicators
 * and datatypes by their symbolic ids; the array arguments the trace keeps by digest ({@link CallArrays}).
 * Init and Finalize are the replayer's own. Calls that {@link Replayability} refuses never get here.
 */
final class CallIssuer {
    private final Symbols symbols;
    private final RequestSlots requests = new RequestSlots(MPI.REQUEST_NULL);
    private final Buffers buffers = new Buffers();
    private final PackBuffer packing = new PackBuffer();
    private final Map<Long, CallArrays> arrays;

    /** The issuer of one replay thread: its own requests and buffers, the rank's {@code symbols}. */
    CallIssuer(TraceFile trace, Symbols symbols) {
        this.symbols = symbols;
        this.arrays = trace.arrays();
    }

    void issue(long[] w, int b) throws MPIException {
        Op op = Op.ofCode(Event.opCode(w, b));
        if (op == null) throw new ReplayException("unknown op code " + Event.opCode(w, b));
        switch (op.family) {
            case SETUP -> { }
            case P2P -> pointToPoint(op, w, b);
            case COLLECTIVE -> collective(op, w, b);
            case COMPLETION -> completion(op, w, b);
            case COMMUNICATOR -> communicator(op, w, b);
            case PACKING -> packing(op, w, b);
            default -> throw new ReplayException(op.mpjName + " cannot be replayed");
        }
    }

    private void pointToPoint(Op op, long[] w, int b) throws MPIException {
        Comm c = symbols.comm(comm(w, b));
        int n = Math.max(0, count(w, b)), peer = peer(w, b), tag = tag(w, b);
        // A wildcard receive takes the message it took when traced: with MPJ's synchronous sends, another
        // choice can deadlock (a master answering the worker it recorded while another one waits on it).
        int source = peer < 0 && peer2(w, b) >= 0 && (op == Op.RECV || op == Op.PROBE || op == Op.IPROBE) ? peer2(w, b) : peer;
        checkPeer(c, op, peer);
        checkPeer(c, op, source);
        if (op == Op.SENDRECV || op == Op.SENDRECV_REPLACE) checkPeer(c, op, peer2(w, b));
        int request = Event.request(w, b);
        Datatype t = op == Op.PROBE || op == Op.IPROBE ? null : symbols.datatype(datatype(w, b));
        switch (op) {
            case SEND -> c.Send(buffers.toSend(t, n), 0, n, t, peer, tag);
            case SSEND -> c.Ssend(buffers.toSend(t, n), 0, n, t, peer, tag);
            case BSEND -> c.Bsend(buffers.toSend(t, n), 0, n, t, peer, tag);
            case RSEND -> c.Rsend(buffers.toSend(t, n), 0, n, t, peer, tag);
            case RECV -> c.Recv(buffers.toReceive(t, n), 0, n, t, source, tag);
            case ISEND -> requests.made(request, c.Isend(buffers.toSend(t, n), 0, n, t, peer, tag), false);
            case IBSEND -> requests.made(request, c.Ibsend(buffers.toSend(t, n), 0, n, t, peer, tag), false);
            case ISSEND -> requests.made(request, c.Issend(buffers.toSend(t, n), 0, n, t, peer, tag), false);
            case IRSEND -> requests.made(request, c.Irsend(buffers.toSend(t, n), 0, n, t, peer, tag), false);
            case IRECV -> requests.made(request, c.Irecv(buffers.toReceive(t, n), 0, n, t, peer, tag), false);
            case SEND_INIT -> requests.made(request, c.Send_init(buffers.toSend(t, n), 0, n, t, peer, tag), true);
            case BSEND_INIT -> requests.made(request, c.Bsend_init(buffers.toSend(t, n), 0, n, t, peer, tag), true);
            case SSEND_INIT -> requests.made(request, c.Ssend_init(buffers.toSend(t, n), 0, n, t, peer, tag), true);
            case RSEND_INIT -> requests.made(request, c.Rsend_init(buffers.toSend(t, n), 0, n, t, peer, tag), true);
            case RECV_INIT -> requests.made(request, c.Recv_init(buffers.toReceive(t, n), 0, n, t, peer, tag), true);
            case SENDRECV -> {
                Datatype t2 = symbols.datatype(datatype2(w, b));
                int n2 = Math.max(0, count2(w, b));
                c.Sendrecv(buffers.toSend(t, n), 0, n, t, peer, tag, buffers.toReceive(t2, n2), 0, n2, t2, peer2(w, b), tag2(w, b));
            }
            case SENDRECV_REPLACE -> c.Sendrecv_replace(buffers.toReceive(t, n), 0, n, t, peer, tag, peer2(w, b), tag2(w, b));
            case PROBE -> c.Probe(source, tag);
            case IPROBE -> c.Iprobe(source, tag);
            default -> throw new ReplayException(op.mpjName + " cannot be replayed");
        }
    }

    /**
     * A rank of a clustered trace replays its lead's peers relative to itself, which can point past the
     * communicator's end (the last rank of a ring replaying an inner rank's "send to r+1"): say so rather
     * than leave MPJ to wait for a rank that does not exist.
     */
    private static void checkPeer(Comm c, Op op, int peer) throws MPIException {
        int size = c instanceof Intercomm ic ? ic.Remote_size() : c.Size();
        if (peer >= size)
            throw new ReplayException(op.mpjName + " with peer " + peer + " on a communicator of " + size + " ranks: in a clustered trace, "
                    + "this rank's peers differ from its lead's, whose calls it replays");
    }

    private void collective(Op op, long[] w, int b) throws MPIException {
        Intracomm c = intracomm(comm(w, b), op);
        if (op == Op.BARRIER) {
            c.Barrier();
            return;
        }
        int size = c.Size();
        int n = Math.max(0, count(w, b)), root = peer(w, b);
        Datatype t = symbols.datatype(datatype(w, b));
        switch (op) {
            case BCAST -> c.Bcast(buffers.toReceive(t, n), 0, n, t, root);
            case REDUCE -> c.Reduce(buffers.toSend(t, n), 0, buffers.toReceive(t, n), 0, n, t, symbols.redop(Event.redop(w, b)), root);
            case ALLREDUCE -> c.Allreduce(buffers.toSend(t, n), 0, buffers.toReceive(t, n), 0, n, t, symbols.redop(Event.redop(w, b)));
            case SCAN -> c.Scan(buffers.toSend(t, n), 0, buffers.toReceive(t, n), 0, n, t, symbols.redop(Event.redop(w, b)));
            case GATHER, ALLGATHER, ALLTOALL, SCATTER -> {
                Datatype t2 = symbols.datatype(datatype2(w, b));
                int n2 = Math.max(0, count2(w, b));
                switch (op) {
                    case GATHER -> c.Gather(buffers.toSend(t, n), 0, n, t, buffers.toReceive(t2, (long) n2 * size), 0, n2, t2, root);
                    case ALLGATHER -> c.Allgather(buffers.toSend(t, n), 0, n, t, buffers.toReceive(t2, (long) n2 * size), 0, n2, t2);
                    case ALLTOALL -> c.Alltoall(buffers.toSend(t, (long) n * size), 0, n, t, buffers.toReceive(t2, (long) n2 * size), 0, n2, t2);
                    // Scatter's recorded count and datatype are its receive side; count2 and datatype2 its send side.
                    default -> c.Scatter(buffers.toSend(t2, (long) n2 * size), 0, n2, t2, buffers.toReceive(t, n), 0, n, t, root);
                }
            }
            case GATHERV, SCATTERV, ALLGATHERV, ALLTOALLV, REDUCE_SCATTER -> vCollective(op, c, w, b);
            default -> throw new ReplayException(op.mpjName + " cannot be replayed");
        }
    }

    /** The v-collectives, with the count and displacement arrays the program passed (null where it passed none). */
    private void vCollective(Op op, Intracomm c, long[] w, int b) throws MPIException {
        CallArrays a = arraysOf(op, w, b);
        int[] a1 = a == null ? null : a.a1(), a2 = a == null ? null : a.a2();
        int n = Math.max(0, count(w, b)), root = peer(w, b);
        Datatype t = symbols.datatype(datatype(w, b));
        switch (op) {
            case GATHERV -> {
                Datatype t2 = symbols.datatype(datatype2(w, b));
                c.Gatherv(buffers.toSend(t, n), 0, n, t, buffers.toReceive(t2, extent(a1, a2)), 0, a1, a2, t2, root);
            }
            case SCATTERV -> {
                // Scatterv's recorded count and datatype are its receive side; datatype2 and the arrays its send side.
                Datatype t2 = symbols.datatype(datatype2(w, b));
                c.Scatterv(buffers.toSend(t2, extent(a1, a2)), 0, a1, a2, t2, buffers.toReceive(t, n), 0, n, t, root);
            }
            case ALLGATHERV -> {
                Datatype t2 = symbols.datatype(datatype2(w, b));
                c.Allgatherv(buffers.toSend(t, n), 0, n, t, buffers.toReceive(t2, extent(a1, a2)), 0, a1, a2, t2);
            }
            case ALLTOALLV -> {
                int[] a3 = a == null ? null : a.a3(), a4 = a == null ? null : a.a4();
                Datatype t2 = symbols.datatype(datatype2(w, b));
                c.Alltoallv(buffers.toSend(t, extent(a1, a2)), 0, a1, a2, t, buffers.toReceive(t2, extent(a3, a4)), 0, a3, a4, t2);
            }
            // Reduce_scatter's recorded count is the sum of its receive counts: the whole vector reduced.
            default -> c.Reduce_scatter(buffers.toSend(t, n), 0, buffers.toReceive(t, n), 0, a1, t, symbols.redop(Event.redop(w, b)));
        }
    }

    /** Elements a buffer needs for these counts at these displacements (packed one after another without displacements). */
    private static long extent(int[] counts, int[] displs) {
        if (counts == null) return 0;
        long end = 0, sum = 0;
        for (int i = 0; i < counts.length; i++) {
            sum += Math.max(0, counts[i]);
            if (displs != null && i < displs.length) end = Math.max(end, (long) displs[i] + Math.max(0, counts[i]));
        }
        return displs == null ? sum : end;
    }

    /**
     * The arrays the call was given, by the digest its event holds; null when it was given none (the
     * recorder leaves the digest 0 then).
     */
    private CallArrays arraysOf(Op op, long[] w, int b) {
        long digest = Event.digest(w, b);
        if (digest == 0) return null;
        CallArrays a = arrays.get(digest);
        if (a == null) throw new ReplayException(op.mpjName + ": the trace keeps no arrays under the digest " + Long.toHexString(digest) + " its call holds");
        return a;
    }

    /**
     * The arrays a communicator constructor cannot do without: the first (and the second when
     * {@code both}); one line naming {@code what} when the trace keeps none.
     */
    private CallArrays requiredArrays(Op op, long[] w, int b, String what, boolean both) {
        CallArrays a = arraysOf(op, w, b);
        if (a == null || a.a1() == null || both && a.a2() == null)
            throw new ReplayException(op.mpjName + ": the trace keeps no " + what + " for it");
        return a;
    }

    private void completion(Op op, long[] w, int b) throws MPIException {
        switch (op) {
            case WAIT -> {
                Request r = requests.byId(Event.request(w, b));
                r.Wait();
                requests.completed(r);
            }
            case TEST -> {
                Request r = requests.byId(Event.request(w, b));
                if (r.Test() != null) requests.completed(r);
            }
            case CANCEL -> requests.byId(Event.request(w, b)).Cancel();
            case START -> {
                Request r = requests.byId(Event.request(w, b));
                ((Prequest) r).Start();
                requests.started(r);
            }
            case STARTALL -> {
                Request[] a = requestArray(w, b);
                Prequest[] p = new Prequest[a.length];
                for (int i = 0; i < a.length; i++) p[i] = (Prequest) a[i];
                Prequest.Startall(p);
                for (Request r : a) requests.started(r);
            }
            case WAITALL -> {
                Request[] a = requestArray(w, b);
                Request.Waitall(a);
                for (Request r : a) requests.completed(r);
            }
            case TESTALL -> {
                Request[] a = requestArray(w, b);
                if (Request.Testall(a) != null) for (Request r : a) requests.completed(r);
            }
            // Which of an array these complete is the run's timing: the array as the replay holds it (RequestSlots).
            // With no unfinished request left MPJ's Waitany and Waitsome wait forever, where MPI's return at once:
            // Testany and Testsome do, and the call keeps its place among the rank's calls.
            case WAITANY -> {
                Request[] a = requests.asHeld(Event.site(w, b), requestArray(w, b));
                completedAt(a, requests.unfinished(a) ? Request.Waitany(a) : Request.Testany(a));
            }
            case TESTANY -> {
                Request[] a = requests.asHeld(Event.site(w, b), requestArray(w, b));
                completedAt(a, Request.Testany(a));
            }
            case WAITSOME -> {
                Request[] a = requests.asHeld(Event.site(w, b), requestArray(w, b));
                Status[] done = requests.unfinished(a) ? Request.Waitsome(a) : Request.Testsome(a);
                if (done != null) for (Status s : done) completedAt(a, s);
            }
            case TESTSOME -> {
                Request[] a = requests.asHeld(Event.site(w, b), requestArray(w, b));
                Status[] done = Request.Testsome(a);
                if (done != null) for (Status s : done) completedAt(a, s);
            }
            default -> throw new ReplayException(op.mpjName + " cannot be replayed");
        }
    }

    /**
     * The requests an array call named: from format version 10 on, the ids the trace keeps under its
     * digest ({@link CallArrays} a1, in array order); older traces keep no arrays there, only a digest of
     * the ids, and the array is searched for among the pending requests.
     */
    private Request[] requestArray(long[] w, int b) {
        int n = count(w, b);
        long digest = Event.digest(w, b);
        CallArrays ids = arrays.get(digest);
        if (ids != null && ids.a1() != null && ids.a1().length == n) return requests.named(ids.a1());
        return requests.array(n, digest);
    }

    private void completedAt(Request[] a, Status s) {
        if (s != null && s.index >= 0 && s.index < a.length) requests.completed(a[s.index]);
    }

    private void communicator(Op op, long[] w, int b) throws MPIException {
        int result = Event.result(w, b);
        switch (op) {
            case SPLIT -> symbols.made(result, intracomm(comm(w, b), op).Split(Event.color(w, b), Event.key(w, b)));
            case CLONE -> symbols.made(result, (Comm) symbols.comm(comm(w, b)).clone());
            case CREATE -> {
                Intracomm c = intracomm(comm(w, b), op);
                symbols.made(result, c.Create(c.Group().Incl(requiredArrays(op, w, b, "group", false).a1())));
            }
            case CREATE_CART -> {
                Intracomm c = intracomm(comm(w, b), op);
                CallArrays a = requiredArrays(op, w, b, "dims", false);
                symbols.made(result, c.Create_cart(a.a1(), FlagBits.toArray(Event.color(w, b), a.a1().length), Event.key(w, b) == 1));
            }
            case CREATE_GRAPH -> {
                Intracomm c = intracomm(comm(w, b), op);
                CallArrays a = requiredArrays(op, w, b, "index and edges", true);
                symbols.made(result, c.Create_graph(a.a1(), a.a2(), Event.key(w, b) == 1));
            }
            case SUB -> {
                Comm c = symbols.comm(comm(w, b));
                if (!(c instanceof Cartcomm cart)) throw new ReplayException("Sub on communicator " + comm(w, b) + ", which is not a Cartcomm");
                symbols.made(result, cart.Sub(FlagBits.toArray(Event.color(w, b), cart.Get().dims.length)));
            }
            case MERGE -> {
                Comm c = symbols.comm(comm(w, b));
                if (!(c instanceof Intercomm inter)) throw new ReplayException("Merge on communicator " + comm(w, b) + ", which is not an Intercomm");
                symbols.made(result, inter.Merge(Event.color(w, b) == 1));
            }
            // MPJ 0.44 takes the peer communicator as receiver and the local one as argument (as recorded).
            case CREATE_INTERCOMM -> symbols.made(result,
                    symbols.comm(comm(w, b)).Create_intercomm(symbols.comm(Event.color(w, b)), Event.key(w, b), peer(w, b), tag(w, b)));
            case SHIFT -> {
                Comm c = symbols.comm(comm(w, b));
                if (!(c instanceof Cartcomm cart)) throw new ReplayException("Shift on communicator " + comm(w, b) + ", which is not a Cartcomm");
                cart.Shift(peer(w, b), count(w, b));
            }
            case FREE -> symbols.comm(comm(w, b)).Free();
            default -> throw new ReplayException(op.mpjName + " cannot be replayed");
        }
    }

    /** Pack and Unpack, on the buffer the replayed Packs fill ({@link PackBuffer}). */
    private void packing(Op op, long[] w, int b) throws MPIException {
        Comm c = symbols.comm(comm(w, b));
        Datatype t = symbols.datatype(datatype(w, b));
        int n = Math.max(0, count(w, b)), position = tag(w, b);
        if (op == Op.PACK) c.Pack(buffers.toSend(t, n), 0, n, t, packing.toPack(count2(w, b), position), position);
        else c.Unpack(packing.toUnpack(), position, buffers.toReceive(t, n), 0, n, t);
    }

    private Intracomm intracomm(int id, Op op) {
        Comm c = symbols.comm(id);
        if (!(c instanceof Intracomm ic)) throw new ReplayException(op.mpjName + " on communicator " + id + ", which is not an intracommunicator");
        return ic;
    }
}
