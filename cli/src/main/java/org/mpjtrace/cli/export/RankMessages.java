package org.mpjtrace.cli.export;

import java.util.HashMap;
import java.util.Map;
import org.mpjtrace.cli.format.EventBytes;
import org.mpjtrace.cli.format.PersistentStarts;
import org.mpjtrace.cli.format.Sentinels;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;

/**
 * One rank's messages and collectives, numbered as MPI matches them, call by call: the k-th send on a
 * channel (communicator, source, destination, tag; source and destination as places in the
 * communicator) meets the k-th receive on it, since MPI does not let messages between two ranks with one
 * tag and communicator overtake each other; the n-th collective on a communicator is every member's
 * n-th. Only the sender sends on a channel and only the receiver receives on it, so the counts are the
 * rank's own and both passes of an export ({@link FlowPlan}, {@link ChromeTraceWriter}) number alike.
 *
 * <p>A send is any of the send ops, the send side of Sendrecv and Sendrecv_replace, and each persistent
 * send request a Start or Startall starts ({@link PersistentStarts}); a receive is Recv, Irecv, the
 * receive side of the Sendrecvs and each persistent receive request started. A receive from ANY_SOURCE or
 * with ANY_TAG takes the source and tag the trace recorded it matched (Recv); where none was recorded
 * (Irecv, a Sendrecv, Recv_init) it is left out, as are PROC_NULL peers.
 */
final class RankMessages {
    /** What the walk finds in one call. */
    interface Sink {
        /** The k-th send on the channel, of {@code bytes} ({@link EventBytes#primary} of the send or of the started request's init). */
        void send(FlowPlan.Channel channel, int k, long bytes);

        /**
         * The k-th receive on the channel. {@code request}: the receive's request where its message is known
         * to have arrived only when that completes (an Irecv, a started Recv_init), else {@link #BLOCKING}.
         */
        void receive(FlowPlan.Channel channel, int k, int request);

        /** The {@code n}-th collective on communicator {@code key}, where this rank has place {@code place}; {@code root} a place or -1. */
        void collective(int key, int n, int place, int root);
    }

    /** The {@code request} of a receive whose message had arrived when its call returned. */
    static final int BLOCKING = Integer.MIN_VALUE;

    private final Communicators.OfRank comms;
    private final PersistentStarts starts;
    private final Map<FlowPlan.Channel, int[]> sent = new HashMap<>();
    private final Map<FlowPlan.Channel, int[]> received = new HashMap<>();
    private final Map<Integer, int[]> collectives = new HashMap<>();

    RankMessages(Communicators.OfRank comms, PersistentStarts starts) {
        this.comms = comms;
        this.starts = starts;
    }

    /** The call at {@code base} of {@code calls}, the rank's next. */
    void walk(RankTrace calls, int base, Sink sink) {
        long[] w = calls.words();
        comms.observe(w, base);
        Op op = Op.ofCode(Event.opCode(w, base));
        if (op == null) return;
        for (PersistentStarts.Made m : starts.see(calls, base)) {
            int key = comms.key(m.comm()), place = comms.place(m.comm());
            if (key < 0 || place < 0) continue;
            if (m.send()) send(key, place, m.peer(), m.tag(), m.bytes(), sink);
            else receive(key, place, m.peer(), m.tag(), m.request(), sink);
        }
        if (op.family == Op.Family.COLLECTIVE) {
            int id = Event.comm(w, base), key = comms.key(id), place = comms.place(id);
            if (key < 0 || place < 0) return;
            int n = collectives.computeIfAbsent(key, k -> new int[1])[0]++;
            sink.collective(key, n, place, op.hasRoot() ? Event.peer(w, base) : -1);
            return;
        }
        if (op.family != Op.Family.P2P) return;
        int id = Event.comm(w, base), key = comms.key(id), place = comms.place(id);
        if (key < 0 || place < 0) return;
        switch (op) {
            case SEND, SSEND, BSEND, RSEND, ISEND, IBSEND, ISSEND, IRSEND ->
                    send(key, place, Event.peer(w, base), Event.tag(w, base), EventBytes.primary(calls, base), sink);
            case RECV, IRECV -> {
                int source = Event.peer(w, base), tag = Event.tag(w, base);
                if (source == Sentinels.ANY_SOURCE || tag == Sentinels.ANY_TAG) {
                    // What a wildcard took is recorded for a Recv whose source was ANY_SOURCE.
                    if (Event.peer2(w, base) < 0 || Event.tag2(w, base) < 0) return;
                    source = Event.peer2(w, base);
                    tag = Event.tag2(w, base);
                }
                receive(key, place, source, tag, op == Op.IRECV ? Event.request(w, base) : BLOCKING, sink);
            }
            case SENDRECV, SENDRECV_REPLACE -> {
                send(key, place, Event.peer(w, base), Event.tag(w, base), EventBytes.primary(calls, base), sink);
                receive(key, place, Event.peer2(w, base), Event.tag2(w, base), BLOCKING, sink);
            }
            default -> { }
        }
    }

    private void send(int key, int place, int dest, int tag, long bytes, Sink sink) {
        if (dest < 0 || tag < 0) return;
        FlowPlan.Channel c = new FlowPlan.Channel(key, place, dest, tag);
        sink.send(c, sent.computeIfAbsent(c, x -> new int[1])[0]++, bytes);
    }

    private void receive(int key, int place, int source, int tag, int request, Sink sink) {
        if (source < 0 || tag < 0) return;
        FlowPlan.Channel c = new FlowPlan.Channel(key, source, place, tag);
        sink.receive(c, received.computeIfAbsent(c, x -> new int[1])[0]++, request);
    }
}
