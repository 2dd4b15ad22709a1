package org.mpjtrace.trace.fold;

import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;

/**
 * Between the fixed {@link Event} record and an {@link EventNode}: a record becomes a node of one
 * occurrence (peers made relative, times turned into compute and inside durations), and an occurrence
 * of a node becomes a record again (times cannot come back: they are histograms; the record's times
 * are left 0).
 */
public final class EventRecords {
    /** Per op code, the fields that hold peers kept relative, one bit per field ({@link RelativePeers#isRelative}), looked up once a record. */
    private static final int[] RELATIVE = relativeFields();

    private EventRecords() {}

    /**
     * @param worldSize    COMM_WORLD's size: peers are kept as offsets counted round it (see RelativePeers)
     * @param previousExit exit time of the rank's previous call (its compute time ends at this one's
     *                     enter), or the rank's time origin for its first call
     */
    public static EventNode toNode(long[] w, int base, int rank, int worldSize, long previousExit) {
        long[] values = new long[Field.ALL.length];
        readValues(w, base, rank, worldSize, values);
        long enter = Event.enter(w, base), exit = Event.exit(w, base);
        return new EventNode(Event.opCode(w, base), Event.thread(w, base), Event.site(w, base), Event.stack(w, base), values, enter - previousExit, exit - enter);
    }

    /** Appends the record to {@code folding} as one call, as {@link #toNode} would make it; {@code values} is scratch space of one long per field. */
    public static void appendTo(TraceFolding folding, long[] w, int base, int rank, int worldSize, long previousExit, long[] values) {
        readValues(w, base, rank, worldSize, values);
        long enter = Event.enter(w, base), exit = Event.exit(w, base);
        folding.appendCall(Event.opCode(w, base), Event.thread(w, base), Event.site(w, base), Event.stack(w, base), values, enter - previousExit, exit - enter);
    }

    /** The record's field values in {@link Field} order, peers made relative, into {@code values}. */
    private static void readValues(long[] w, int base, int rank, int worldSize, long[] values) {
        int op = Event.opCode(w, base);
        int relative = op >= 0 && op < RELATIVE.length ? RELATIVE[op] : 0;
        for (Field f : Field.ALL) {
            long v = f.read(w, base);
            values[f.ordinal()] = (relative & 1 << f.ordinal()) != 0 ? RelativePeers.encode(v, rank, worldSize) : v;
        }
    }

    private static int[] relativeFields() {
        int codes = 0;
        for (Op op : Op.values()) codes = Math.max(codes, op.code + 1);
        int[] bits = new int[codes];
        for (int code = 0; code < codes; code++)
            for (Field f : Field.ALL) if (RelativePeers.isRelative(code, f)) bits[code] |= 1 << f.ordinal();
        return bits;
    }

    /** Writes the record of one occurrence of the call (op, thread, site, stack) whose field values are {@code values}. */
    public static void toRecord(int op, int thread, int site, long stack, long[] values, int rank, int worldSize, long[] w, int base) {
        java.util.Arrays.fill(w, base, base + Event.WORDS, 0);
        w[base + Event.W_OP_SITE] = Event.pack(Event.opAndThread(op, thread), site);
        w[base + Event.W_STACK] = stack;
        for (Field f : Field.ALL) {
            long v = values[f.ordinal()];
            f.write(w, base, RelativePeers.isRelative(op, f) ? RelativePeers.decode(v, rank, worldSize) : v);
        }
    }
}
