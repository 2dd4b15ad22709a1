package org.mpjtrace.cli.format;

import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;

/**
 * The data volume of one call for the stats report: count times the bytes one count of its datatype
 * moves. Only the record's primary count is used (the send side of collectives, as {@link Event} defines
 * it), except for Sendrecv and Sendrecv_replace, which move data both ways and count both sides.
 * Calls without a datatype (completions, barriers, communicator calls) and OBJECT data count 0.
 */
public final class EventBytes {

    private EventBytes() {}

    public static long of(RankTrace rank, int base) {
        long[] w = rank.words();
        Op op = Op.ofCode(Event.opCode(w, base));
        if (op == null) return 0;
        long bytes = side(rank, Event.count(w, base), Event.datatype(w, base));
        if (op == Op.SENDRECV) {
            bytes += side(rank, Event.count2(w, base), Event.datatype2(w, base));
        } else if (op == Op.SENDRECV_REPLACE) {
            // The one buffer is sent and then overwritten by the received message of the same shape.
            int count2 = Event.count2(w, base);
            int type2 = Event.datatype2(w, base);
            bytes += count2 != Event.NONE && type2 != Event.NONE ? side(rank, count2, type2) : bytes;
        }
        return bytes;
    }

    /** The bytes of the call's primary side alone: a send's message (for Sendrecv its send side). */
    public static long primary(RankTrace rank, int base) {
        long[] w = rank.words();
        return side(rank, Event.count(w, base), Event.datatype(w, base));
    }

    private static long side(RankTrace rank, int count, int datatypeId) {
        if (count <= 0 || datatypeId == Event.NONE) return 0;
        DatatypeInfo d = rank.datatype(datatypeId);
        return d == null ? 0 : count * d.bytesPerCount();
    }
}
