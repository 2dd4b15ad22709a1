package org.mpjtrace.cli.export.otf2;

import java.util.List;
import org.mpjtrace.cli.format.RankArrays;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;

/**
 * Writes one call as OTF2 records on its location: ENTER at its enter time, LEAVE at its exit, and
 * between them the MPI records of what it did, placed as Score-P places them: a send or the start of a
 * nonblocking call at enter, a receive, a completion or a collective's end at exit. PROC_NULL moves no
 * message and gets no MPI record; a receive from ANY_SOURCE whose source the trace does not know (Irecv,
 * Sendrecv) names sender OTF2_UNDEFINED_UINT32. Message sizes are count times the datatype's bytes as the
 * call passed them (a receive's buffer, not the message that arrived; OBJECT data counts 0).
 */
final class CallMapper {
    private static final int ANY_SOURCE = -2;
    private static final int PROC_NULL = -3;
    private static final int UNDEFINED = Otf2Library.UNDEFINED_UINT32;

    private CallMapper() {}

    /** @param arrays the trace's call arrays by digest, where an array call's request ids are (format version 10 on) */
    static void write(Location loc, CommTable.RankComms comms, RankTrace section, RankArrays arrays, Op op, long[] w, int base,
                      long enter, long exit) {
        int region = MpiRegions.region(op);
        loc.enter(enter, region);
        switch (op.family) {
            case P2P -> pointToPoint(loc, comms, section, op, w, base, enter, exit);
            case COMPLETION -> completion(loc, arrays, op, w, base, enter, exit);
            case COLLECTIVE -> collective(loc, comms, section, op, w, base, enter, exit);
            default -> { }
        }
        loc.leave(exit, region);
        comms.afterCall(op, w, base);
    }

    private static void pointToPoint(Location loc, CommTable.RankComms comms, RankTrace section, Op op, long[] w, int base,
                                     long enter, long exit) {
        int peer = Event.peer(w, base), tag = Event.tag(w, base), request = Event.request(w, base);
        int comm = comms.resolve(Event.comm(w, base));
        long bytes = bytes(section, Event.count(w, base), Event.datatype(w, base));
        switch (op) {
            case SEND, SSEND, BSEND, RSEND -> {
                if (peer >= 0) loc.send(enter, peer, comm, tag, bytes);
            }
            case RECV -> {
                int source = peer == ANY_SOURCE ? Event.peer2(w, base) : peer;
                int matchedTag = peer < 0 ? Event.tag2(w, base) : tag;
                if (peer != PROC_NULL && source != PROC_NULL) loc.recv(exit, source >= 0 ? source : UNDEFINED, comm, matchedTag, bytes);
            }
            case ISEND, IBSEND, ISSEND, IRSEND -> {
                loc.requests.made(request, true, false, peer, comm, tag, bytes);
                if (peer >= 0) loc.isend(enter, peer, comm, tag, bytes, request);
            }
            case IRECV -> {
                loc.requests.made(request, false, false, peer, comm, tag, bytes);
                if (peer != PROC_NULL) loc.irecvRequest(enter, request);
            }
            case SEND_INIT, BSEND_INIT, SSEND_INIT, RSEND_INIT -> loc.requests.made(request, true, true, peer, comm, tag, bytes);
            case RECV_INIT -> loc.requests.made(request, false, true, peer, comm, tag, bytes);
            case SENDRECV, SENDRECV_REPLACE -> {
                if (peer >= 0) loc.send(enter, peer, comm, tag, bytes);
                int source = Event.peer2(w, base);
                long received = op == Op.SENDRECV ? bytes(section, Event.count2(w, base), Event.datatype2(w, base)) : bytes;
                if (source != PROC_NULL) loc.recv(exit, source >= 0 ? source : UNDEFINED, comm, Event.tag2(w, base), received);
            }
            default -> { } // Probe, Iprobe: no message moves
        }
    }

    private static void completion(Location loc, RankArrays arrays, Op op, long[] w, int base, long enter, long exit) {
        PendingRequests requests = loc.requests;
        switch (op) {
            case WAIT, TEST -> complete(loc, requests.byId(Event.request(w, base)), exit);
            case CANCEL -> {
                PendingRequests.Request r = requests.byId(Event.request(w, base));
                if (r != null && r.active) {
                    if (r.peer != PROC_NULL) loc.requestCancelled(exit, r.id);
                    requests.finished(r);
                }
            }
            case START -> start(loc, requests.byId(Event.request(w, base)), enter);
            case STARTALL -> {
                for (PendingRequests.Request r : named(loc, arrays, w, base, true)) start(loc, r, enter);
            }
            case WAITANY, TESTANY -> {
                for (PendingRequests.Request r : named(loc, arrays, w, base, false)) {
                    if (r.active) {
                        complete(loc, r, exit);
                        break;
                    }
                }
            }
            default -> { // Waitall, Testall, Waitsome, Testsome
                for (PendingRequests.Request r : named(loc, arrays, w, base, false)) complete(loc, r, exit);
            }
        }
    }

    /** The requests an array call named: by their ids from format version 10 on, else as {@link PendingRequests#array} finds them. */
    private static List<PendingRequests.Request> named(Location loc, RankArrays arrays, long[] w, int base, boolean toStart) {
        int count = Event.count(w, base);
        CallArrays ids = arrays.get(Event.digest(w, base));
        if (ids != null && ids.a1() != null && ids.a1().length == count) return loc.requests.named(ids.a1());
        return loc.requests.array(count, Event.digest(w, base), toStart);
    }

    private static void start(Location loc, PendingRequests.Request r, long enter) {
        if (r == null || !r.persistent || r.active) return;
        r.active = true;
        if (r.peer == PROC_NULL) return;
        if (r.send) loc.isend(enter, r.peer, r.comm, r.tag, r.bytes, r.id);
        else loc.irecvRequest(enter, r.id);
    }

    private static void complete(Location loc, PendingRequests.Request r, long exit) {
        if (r == null || !r.active) return;
        if (r.peer != PROC_NULL) {
            if (r.send) loc.isendComplete(exit, r.id);
            else loc.irecv(exit, r.peer >= 0 ? r.peer : UNDEFINED, r.comm, r.tag, r.bytes, r.id);
        }
        loc.requests.finished(r);
    }

    private static void collective(Location loc, CommTable.RankComms comms, RankTrace section, Op op, long[] w, int base,
                                   long enter, long exit) {
        loc.collectiveBegin(enter);
        long first = bytes(section, Event.count(w, base), Event.datatype(w, base));
        long second = bytes(section, Event.count2(w, base), Event.datatype2(w, base));
        // Scatter and Scatterv record their receive side first (see Event).
        boolean receiveFirst = op == Op.SCATTER || op == Op.SCATTERV;
        int root = op.hasRoot() && Event.peer(w, base) >= 0 ? Event.peer(w, base) : UNDEFINED;
        loc.collectiveEnd(exit, MpiRegions.collective(op), comms.resolve(Event.comm(w, base)), root,
                receiveFirst ? second : first, receiveFirst ? first : second);
    }

    private static long bytes(RankTrace section, int count, int datatype) {
        if (count <= 0 || datatype == Event.NONE) return 0;
        DatatypeInfo d = section.datatype(datatype);
        return d == null ? 0 : count * d.bytesPerCount();
    }
}
