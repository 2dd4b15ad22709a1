package org.mpjtrace.cli.export;

import java.util.HashMap;
import java.util.Map;
import org.mpjtrace.cli.format.Sentinels;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;

/**
 * One rank's messages and collectives, numbered as MPI matches them, call by call: the k-th send on a
 * channel (communicator, source, destination, tag; source and destination as places in the
 * communicator) meets the k-th receive on it, since MPI does not let messages between two ranks with one
 * tag and communicator overtake each other; the n-th collective on a communicator is every member's
 * n-th. Only the sender sends on a channel and only the receiver receives on it, so the counts are the
 * rank's own and both passes of an export ({@link FlowPlan}, {@link ChromeTraceWriter}) number alike.
 *
 * <p>A send is any of the send ops and the send side of Sendrecv and Sendrecv_replace (the persistent
 * ops' Start is not followed); a receive is Recv, Irecv and the receive side of the Sendrecvs. A receive
 * from ANY_SOURCE or with ANY_TAG takes the source and tag the trace recorded it matched (Recv); where
 * none was recorded (Irecv, a Sendrecv) it is left out, as are PROC_NULL peers.
 */
final class RankMessages {
    /** What the walk finds in one call. */
    interface Sink {
        void send(FlowPlan.Channel channel, int k);

        void receive(FlowPlan.Channel channel, int k);

        /** The {@code n}-th collective on communicator {@code key}, where this rank has place {@code place}; {@code root} a place or -1. */
        void collective(int key, int n, int place, int root);
    }

    private final Communicators.OfRank comms;
    private final Map<FlowPlan.Channel, int[]> sent = new HashMap<>();
    private final Map<FlowPlan.Channel, int[]> received = new HashMap<>();
    private final Map<Integer, int[]> collectives = new HashMap<>();

    RankMessages(Communicators.OfRank comms) {
        this.comms = comms;
    }

    void walk(long[] w, int base, Sink sink) {
        comms.observe(w, base);
        Op op = Op.ofCode(Event.opCode(w, base));
        if (op == null) return;
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
            case SEND, SSEND, BSEND, RSEND, ISEND, IBSEND, ISSEND, IRSEND -> send(key, place, Event.peer(w, base), Event.tag(w, base), sink);
            case RECV, IRECV -> {
                int source = Event.peer(w, base), tag = Event.tag(w, base);
                if (source == Sentinels.ANY_SOURCE || tag == Sentinels.ANY_TAG) {
                    // What a wildcard took is recorded for a Recv whose source was ANY_SOURCE.
                    if (Event.peer2(w, base) < 0 || Event.tag2(w, base) < 0) return;
                    source = Event.peer2(w, base);
                    tag = Event.tag2(w, base);
                }
                receive(key, place, source, tag, sink);
            }
            case SENDRECV, SENDRECV_REPLACE -> {
                send(key, place, Event.peer(w, base), Event.tag(w, base), sink);
                receive(key, place, Event.peer2(w, base), Event.tag2(w, base), sink);
            }
            default -> { }
        }
    }

    private void send(int key, int place, int dest, int tag, Sink sink) {
        if (dest < 0 || tag < 0) return;
        FlowPlan.Channel c = new FlowPlan.Channel(key, place, dest, tag);
        sink.send(c, sent.computeIfAbsent(c, x -> new int[1])[0]++);
    }

    private void receive(int key, int place, int source, int tag, Sink sink) {
        if (source < 0 || tag < 0) return;
        FlowPlan.Channel c = new FlowPlan.Channel(key, source, place, tag);
        sink.receive(c, received.computeIfAbsent(c, x -> new int[1])[0]++);
    }
}
