package org.mpjtrace.cli.format;

import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.FieldSchema;

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
        int code = Event.opCode(w, base);
        long bytes = side(rank, code, Event.count(w, base), Event.datatype(w, base), Field.COUNT, Field.DATATYPE);
        if (code == Op.SENDRECV.code) bytes += side(rank, code, Event.count2(w, base), Event.datatype2(w, base), Field.COUNT2, Field.DATATYPE2);
        // Sendrecv_replace's one buffer is sent and then overwritten by a received message of the same shape.
        else if (code == Op.SENDRECV_REPLACE.code) bytes *= 2;
        return bytes;
    }

    /** The bytes of the call's primary side alone: a send's message (for Sendrecv its send side). */
    public static long primary(RankTrace rank, int base) {
        long[] w = rank.words();
        return side(rank, Event.opCode(w, base), Event.count(w, base), Event.datatype(w, base), Field.COUNT, Field.DATATYPE);
    }

    /** Count times the datatype's bytes, where the op has both fields and the call gave them ({@link FieldSchema}). */
    private static long side(RankTrace rank, int code, int count, int datatypeId, Field countField, Field typeField) {
        if (count <= 0 || !FieldSchema.isValue(code, countField, count) || !FieldSchema.isValue(code, typeField, datatypeId)) return 0;
        DatatypeInfo d = rank.datatype(datatypeId);
        return d == null ? 0 : count * d.bytesPerCount();
    }
}
