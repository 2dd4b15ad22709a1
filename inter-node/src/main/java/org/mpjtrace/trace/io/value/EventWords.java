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
            if (in.limit() - in.position() >= MAX_BYTES) previousEnter = readBuffered(in, w, b, previousEnter);
            else previousEnter = readOne(in, w, b, previousEnter);
        }
        return w;
    }

    /** Most bytes an event can take: five per 32-bit varint, nine per varlong, 8 for the signature. */
    private static final int MAX_BYTES = 2 * 5 + 8 + 7 * 2 * 5 + 3 * 9;

    /** One event through Kryo's reads, which refill the buffer: for the last bytes of a buffer. */
    private static long readOne(Input in, long[] w, int b, long previousEnter) {
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
        return enter;
    }

    /**
     * One event decoded straight from the input's buffer, which holds all of it: the same values as
     * {@link #readOne}, without a bounds check and a call per field. Reading a rank's events was a
     * quarter of an export's time through Kryo's per-varint reads (10 million calls, 2026-11-26).
     */
    private static long readBuffered(Input in, long[] w, int b, long previousEnter) {
        Cursor c = new Cursor(in.getBuffer(), in.position());
        int op = c.varInt();
        int site = c.varInt();
        w[b + Event.W_OP_SITE] = Event.pack(op, site);
        w[b + Event.W_STACK] = c.fixedLong();
        for (int k = Event.W_COMM_DTYPE; k <= Event.W_KEY_RESULT; k++) {
            int high = zigzag(c.varInt());
            int low = zigzag(c.varInt());
            w[b + k] = Event.pack(high, low);
        }
        long enter = previousEnter + zigzag(c.varLong());
        w[b + Event.W_ENTER] = enter;
        w[b + Event.W_EXIT] = enter + zigzag(c.varLong());
        w[b + Event.W_DIGEST] = zigzag(c.varLong());
        in.setPosition(c.p);
        return enter;
    }

    private static long zigzag(long v) {
        return (v >>> 1) ^ -(v & 1);
    }

    private static int zigzag(int v) {
        return (v >>> 1) ^ -(v & 1);
    }

    /**
     * Kryo's varint encoding read from a byte array: seven bits a byte, lowest first, the top bit set
     * while more follow; a ninth byte, when a value takes one, carries eight. A 32-bit varint stops at
     * its fifth byte, so an event never reads past {@link #MAX_BYTES}, however corrupt its bytes.
     */
    private static final class Cursor {
        private final byte[] buf;
        private int p;

        Cursor(byte[] buf, int p) {
            this.buf = buf;
            this.p = p;
        }

        int varInt() {
            int result = 0;
            for (int shift = 0; shift < 28; shift += 7) {
                byte x = buf[p++];
                result |= (x & 0x7F) << shift;
                if (x >= 0) return result;
            }
            return result | (buf[p++] & 0x7F) << 28;
        }

        long varLong() {
            long result = 0;
            for (int shift = 0; shift < 56; shift += 7) {
                byte x = buf[p++];
                result |= (long) (x & 0x7F) << shift;
                if (x >= 0) return result;
            }
            return result | (long) (buf[p++] & 0xFF) << 56;
        }

        /** Kryo's {@code writeLong}: eight bytes, the lowest first. */
        long fixedLong() {
            long v = 0;
            for (int i = 7; i >= 0; i--) v = v << 8 | (buf[p + i] & 0xFF);
            p += 8;
            return v;
        }
    }
}
