package org.mpjtrace.cli.phases;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fold.RelativePeers;

/**
 * Numbers calls by what makes them the same call for pattern detection: op, call site and peer, the peer
 * relative to the calling rank for point-to-point calls (r+1 or r-1 in its communicator, counted round it
 * as the compressed trace and {@code decode} count it: {@link RelativePeers#offset}) and as given for a collective's root. So the ring pass of rank 0 and of
 * rank 3 are the same call, and when patterns are matched across ranks later they can share ids. Counts,
 * tags and times do not count: a loop whose message sizes vary is still one loop.
 */
final class CallIds {
    /** A peer field for calls that have none. */
    private static final int NO_PEER = Integer.MIN_VALUE;

    private record Key(int op, int site, int peer, boolean relative) {}

    private final Map<Key, Integer> ids = new HashMap<>();
    private final List<String> names = new ArrayList<>();

    /** The id of the call in the record at {@code base} of {@code calls}. */
    int idOf(TraceFile trace, RankTrace calls, int base) {
        long[] w = calls.words();
        Op op = Op.ofCode(Event.opCode(w, base));
        int site = Event.site(w, base), peer = Event.projectedPeer(w, base);
        boolean relative = false;
        if (peer == Event.NONE) peer = NO_PEER;
        else if (op != null && op.family == Op.Family.P2P && peer >= 0) {
            CommInfo comm = calls.comm(Event.comm(w, base));
            if (comm != null && comm.rank() >= 0 && comm.size() > 0) {
                peer = (int) RelativePeers.offset(peer, comm.rank(), comm.size());
                relative = true;
            }
        }
        Key key = new Key(Event.opCode(w, base), site, peer, relative);
        Integer id = ids.get(key);
        if (id == null) {
            id = names.size();
            ids.put(key, id);
            names.add(name(trace, op, key));
        }
        return id;
    }

    /** How a call id reads: {@code Sendrecv PhaseChange.main:39 r+1}, {@code Bcast Solver.step:12 root=0}. */
    String name(int id) {
        return names.get(id);
    }

    private static String name(TraceFile trace, Op op, Key key) {
        CallSite site = trace.site(key.site());
        StringBuilder s = new StringBuilder(op == null ? "op" + key.op() : op.mpjName);
        s.append(' ').append(site == null ? "site" + key.site() : site.where());
        if (key.peer() != NO_PEER) {
            if (key.relative()) s.append(key.peer() < 0 ? " r" : " r+").append(key.peer());
            else if (op != null && op.family == Op.Family.COLLECTIVE) s.append(" root=").append(key.peer());
            else s.append(" peer=").append(key.peer());
        }
        return s.toString();
    }
}
