package org.mpjtrace.runtime.recording;

import org.mpjtrace.trace.Op;

/**
 * What the recorder must do with the requests and results of each op, as tables indexed by op code
 * (the hot path switches on an int, not on enum lookups).
 */
public final class OpTraits {
    public static final int REQ_NONE = 0;
    /** The call returns a new request (Isend, Irecv, ..._init). */
    public static final int REQ_RETURNED = 1;
    /** The call acts on one request, its receiver (Wait, Test, Cancel, Start). */
    public static final int REQ_SINGLE = 2;
    /** The call acts on an array of requests (Waitall, ..., Startall). */
    public static final int REQ_ARRAY = 3;

    private static final byte[] REQUEST_USE = new byte[128];
    private static final boolean[] PERSISTENT = new boolean[128];
    private static final boolean[] CHANGES_COMMS = new boolean[128];
    private static final boolean[] OBJECT_ARGUMENT = new boolean[128];

    static {
        for (Op op : new Op[] {Op.ISEND, Op.IBSEND, Op.ISSEND, Op.IRSEND, Op.IRECV})
            REQUEST_USE[op.code] = REQ_RETURNED;
        for (Op op : new Op[] {Op.SEND_INIT, Op.BSEND_INIT, Op.SSEND_INIT, Op.RSEND_INIT, Op.RECV_INIT}) {
            REQUEST_USE[op.code] = REQ_RETURNED;
            PERSISTENT[op.code] = true;
        }
        for (Op op : new Op[] {Op.WAIT, Op.TEST, Op.CANCEL, Op.START})
            REQUEST_USE[op.code] = REQ_SINGLE;
        for (Op op : new Op[] {Op.WAITALL, Op.WAITANY, Op.WAITSOME, Op.TESTALL, Op.TESTANY, Op.TESTSOME, Op.STARTALL})
            REQUEST_USE[op.code] = REQ_ARRAY;
        for (Op op : new Op[] {Op.SPLIT, Op.CREATE, Op.CLONE, Op.CREATE_CART, Op.CREATE_GRAPH, Op.SUB, Op.MERGE, Op.CREATE_INTERCOMM, Op.FREE})
            CHANGES_COMMS[op.code] = true;
        for (Op op : new Op[] {Op.CREATE, Op.CREATE_CART, Op.SUB, Op.CREATE_INTERCOMM, Op.PACK, Op.UNPACK})
            OBJECT_ARGUMENT[op.code] = true;
    }

    private OpTraits() {}

    public static int requestUse(int op) {
        return REQUEST_USE[op];
    }

    public static boolean persistent(int op) {
        return PERSISTENT[op];
    }

    /** Recv, Probe and Iprobe: calls that return the Status of the message they matched. */
    public static boolean matchesSource(int op) {
        return op == Op.RECV.code || op == Op.PROBE.code || op == Op.IPROBE.code;
    }

    /** The communicator constructors, whose result the rank's table registers, and Free, which it forgets. */
    public static boolean changesComms(int op) {
        return CHANGES_COMMS[op];
    }

    /**
     * Ops whose request slot carries an object argument the recorder reads (see ApiTable): Create's
     * group, Create_cart's periods, Sub's remain_dims, Create_intercomm's local communicator, Pack's and
     * Unpack's buffer.
     */
    public static boolean takesObjectArgument(int op) {
        return OBJECT_ARGUMENT[op];
    }

    /**
     * Whether the call finished every request it names: Wait and Waitall always; Test and Testall when
     * they returned a status (MPJ returns null while a request is pending). Waitany, Waitsome, Testany
     * and Testsome finish some: {@link RequestNames} asks each request of their arrays.
     */
    public static boolean completes(int op, Object result) {
        if (op == Op.WAIT.code || op == Op.WAITALL.code) return true;
        if (op == Op.TEST.code || op == Op.TESTALL.code) return result != null;
        return false;
    }
}
