package org.mpjtrace.trace.io.value;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.mpjtrace.trace.Event;

/**
 * The events of a rank, the bulk of a trace, in version 1's compact form. Per event, in word order:
 * <pre>
 *  word 0       op code, site id          two unsigned varints (small, non-negative)
 *  word 1       stack signature           8 fixed bytes (a hash: a varint would be longer)
 *  words 2..8   two 32-bit fields each    two zigzag varints (NONE = -1 takes one byte)
 *  word 9       enter                     zigzag varlong of enter minus the previous event's enter
 *                                         (the first: minus the rank's initNanos)
 *  word 10      exit                      zigzag varlong of exit minus enter
 *  word 11      digest                    zigzag varlong (0 when unused)
 * </pre>
 * Differences are taken in wrapping long arithmetic and undone the same way, so every 64-bit value
 * comes back exactly, whatever the order or range of the times.
 */
public final class EventWords {
    /** Fewest bytes an event takes: 1 per varint, 8 for the signature. */
    public static final int MIN_BYTES = 2 + 8 + 7 * 2 + 3;

    private EventWords() {}

    public static void write(Output out, long[] w, int eventCount, long initNanos) {
        long previousEnter = initNanos;
        for (int i = 0; i < eventCount; i++) {
            int b = i * Event.WORDS;
            out.writeVarInt(Event.high(w[b + Event.W_OP_SITE]), true);
            out.writeVarInt(Event.low(w[b + Event.W_OP_SITE]), true);
            out.writeLong(w[b + Event.W_STACK]);
            for (int k = Event.W_COMM_DTYPE; k <= Event.W_KEY_RESULT; k++) {
                out.writeVarInt(Event.high(w[b + k]), false);
                out.writeVarInt(Event.low(w[b + k]), false);
            }
            long enter = w[b + Event.W_ENTER];
            out.writeVarLong(enter - previousEnter, false);
            out.writeVarLong(w[b + Event.W_EXIT] - enter, false);
            out.writeVarLong(w[b + Event.W_DIGEST], false);
            previousEnter = enter;
        }
    }

    public static long[] read(Input in, int eventCount, long initNanos) {
        if (eventCount > Integer.MAX_VALUE / Event.WORDS)
            throw new CorruptDataException("event count " + eventCount + " too large for one rank");
        Counts.require(in, eventCount, MIN_BYTES, "event");
        long[] w = new long[eventCount * Event.WORDS];
        long previousEnter = initNanos;
        for (int i = 0; i < eventCount; i++) {
            int b = i * Event.WORDS;
            int op = in.readVarInt(true);
            int site = in.readVarInt(true);
            w[b + Event.W_OP_SITE] = Event.pack(op, site);
            w[b + Event.W_STACK] = in.readLong();
            for (int k = Event.W_COMM_DTYPE; k <= Event.W_KEY_RESULT; k++) {
                int high = in.readVarInt(false);
                int low = in.readVarInt(false);
                w[b + k] = Event.pack(high, low);
            }
            long enter = previousEnter + in.readVarLong(false);
            w[b + Event.W_ENTER] = enter;
            w[b + Event.W_EXIT] = enter + in.readVarLong(false);
            w[b + Event.W_DIGEST] = in.readVarLong(false);
            previousEnter = enter;
        }
        return w;
    }
}
