package org.mpjtrace.trace.fold;

import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;

/**
 * Which fields each op's record holds, and what "no value" is in each: the model's answer to "does this
 * call have a peer (a colour, a displacement ...)?", so that no reader has to guess it from the number
 * stored.
 *
 * <p>A record has room for every field of every op; the probe fills the ones its op does not use with
 * {@link Event#NONE}. Reading NONE as "no value" everywhere went wrong where -1 is a real value: Split's
 * colour MPI.UNDEFINED and its key, Shift's displacement, Abort's error code. So each (op, field) is one of:
 * <ul>
 *   <li>{@link Use#UNUSED}: the op has no such argument; whatever the slot holds is not a value;</li>
 *   <li>{@link Use#ALWAYS}: every call has a value, and every number is one, -1 included;</li>
 *   <li>{@link Use#OPTIONAL}: a call may have no value: an argument that was null, a request the recorder
 *       could not name, the source of a message a wildcard receive or probe took (recorded only for a
 *       wildcard, and absent while an Iprobe finds none). These fields are symbolic ids or ranks, which are
 *       never -1 (MPJ's rank sentinels are ANY_SOURCE -2 and PROC_NULL -3; request ids use -2 and -3 for
 *       a null and an absent request), so NONE there cannot be mistaken for a value. The digest word's
 *       "no value" is 0, as the recorder writes it.</li>
 * </ul>
 * The agent's ApiTable says which argument feeds which slot; a test holds the two together, and another
 * checks every field of every op the API tour records against this table.
 */
public final class FieldSchema {
    /** How an op uses a field. */
    public enum Use { UNUSED, OPTIONAL, ALWAYS }

    /**
     * By op code, a bit per field ordinal: the fields the op always has, and those it may leave empty. The
     * exports ask for every field of every call, so this is two array loads and a mask, not a map lookup.
     */
    private static final int[] ALWAYS = new int[128], OPTIONAL = new int[128];
    private static final boolean[] DEFINED = new boolean[128];

    static {
        for (Op op : new Op[] {Op.SEND, Op.SSEND, Op.BSEND, Op.RSEND})
            define(op, "peer tag count", "comm datatype");
        for (Op op : new Op[] {Op.ISEND, Op.IBSEND, Op.ISSEND, Op.IRSEND, Op.IRECV,
                               Op.SEND_INIT, Op.BSEND_INIT, Op.SSEND_INIT, Op.RSEND_INIT, Op.RECV_INIT})
            define(op, "peer tag count", "comm datatype request");
        define(Op.RECV, "peer tag count", "comm datatype peer2 tag2");
        define(Op.SENDRECV, "peer tag count peer2 tag2 count2", "comm datatype datatype2");
        define(Op.SENDRECV_REPLACE, "peer tag count peer2 tag2", "comm datatype");
        define(Op.PROBE, "peer tag", "comm peer2 tag2");
        define(Op.IPROBE, "peer tag", "comm peer2 tag2");

        define(Op.BARRIER, "", "comm");
        define(Op.BCAST, "peer count", "comm datatype");
        define(Op.GATHER, "peer count count2", "comm datatype datatype2");
        define(Op.GATHERV, "peer count", "comm datatype datatype2 digest");
        define(Op.SCATTER, "peer count count2", "comm datatype datatype2");
        define(Op.SCATTERV, "peer count", "comm datatype datatype2 digest");
        define(Op.ALLGATHER, "count count2", "comm datatype datatype2");
        define(Op.ALLGATHERV, "count", "comm datatype datatype2 digest");
        define(Op.ALLTOALL, "count count2", "comm datatype datatype2");
        define(Op.ALLTOALLV, "count", "comm datatype datatype2 digest");
        define(Op.REDUCE, "peer count", "comm datatype redop");
        define(Op.ALLREDUCE, "count", "comm datatype redop");
        define(Op.SCAN, "count", "comm datatype redop");
        define(Op.REDUCE_SCATTER, "count", "comm datatype redop digest");

        for (Op op : new Op[] {Op.WAIT, Op.TEST, Op.CANCEL, Op.START})
            define(op, "count", "request");
        for (Op op : new Op[] {Op.WAITALL, Op.WAITANY, Op.WAITSOME, Op.TESTALL, Op.TESTANY, Op.TESTSOME, Op.STARTALL})
            define(op, "count", "digest");

        define(Op.SPLIT, "color key", "comm result");
        define(Op.CREATE, "", "comm result digest");
        define(Op.CLONE, "", "comm result");
        define(Op.CREATE_CART, "key", "comm result digest color");
        define(Op.CREATE_GRAPH, "key", "comm result digest");
        define(Op.SUB, "", "comm result color");
        define(Op.SHIFT, "peer count", "comm peer2 tag2");
        define(Op.MERGE, "color", "comm result");
        define(Op.FREE, "", "comm");
        define(Op.CREATE_INTERCOMM, "peer tag key", "comm result color");

        define(Op.PACK, "tag count count2", "comm datatype");
        define(Op.UNPACK, "tag count count2", "comm datatype");

        define(Op.INIT, "", "comm");
        define(Op.FINALIZE, "", "");
        define(Op.ABORT, "tag", "comm");
        for (Op op : Op.values())
            if (!DEFINED[op.code]) throw new ExceptionInInitializerError("no fields defined for " + op);
    }

    private FieldSchema() {}

    private static void define(Op op, String always, String optional) {
        ALWAYS[op.code] = bits(always);
        OPTIONAL[op.code] = bits(optional);
        DEFINED[op.code] = true;
    }

    private static int bits(String fieldNames) {
        int bits = 0;
        for (String name : fieldNames.split(" ")) if (!name.isEmpty()) bits |= 1 << Field.valueOf(name.toUpperCase()).ordinal();
        return bits;
    }

    /** How {@code op} uses field {@code f}; UNUSED for an op code no version of the format defined. */
    public static Use use(Op op, Field f) {
        return use(op == null ? -1 : op.code, f);
    }

    /** As {@link #use(Op, Field)}, by op code (any int: a corrupt file's code is UNUSED everywhere). */
    public static Use use(int opCode, Field f) {
        if (opCode < 0 || opCode >= ALWAYS.length) return Use.UNUSED;
        int bit = 1 << f.ordinal();
        return (ALWAYS[opCode] & bit) != 0 ? Use.ALWAYS : (OPTIONAL[opCode] & bit) != 0 ? Use.OPTIONAL : Use.UNUSED;
    }

    /** Whether {@code op} has the field at all. */
    public static boolean holds(Op op, Field f) {
        return use(op, f) != Use.UNUSED;
    }

    /** What the field stores for "no value" where it is {@link Use#OPTIONAL}. */
    public static long absent(Field f) {
        return f == Field.DIGEST ? 0 : Event.NONE;
    }

    /** Whether {@code stored}, read from field {@code f} of an {@code op} record, is a value of the call's. */
    public static boolean isValue(Op op, Field f, long stored) {
        return isValue(op == null ? -1 : op.code, f, stored);
    }

    /** As {@link #isValue(Op, Field, long)}, by op code. */
    public static boolean isValue(int opCode, Field f, long stored) {
        if (opCode < 0 || opCode >= ALWAYS.length) return false;
        int bit = 1 << f.ordinal();
        return (ALWAYS[opCode] & bit) != 0 || (OPTIONAL[opCode] & bit) != 0 && stored != absent(f);
    }

    /** Whether the record at {@code w[base]} has a value in field {@code f}. */
    public static boolean hasValue(long[] w, int base, Field f) {
        return isValue(Event.opCode(w, base), f, f.read(w, base));
    }
}
