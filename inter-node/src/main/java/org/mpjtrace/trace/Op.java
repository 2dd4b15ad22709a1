package org.mpjtrace.trace;

/**
 * Every MPJ Express call mpjtrace records. The code is what a record stores; it is part of the trace
 * format, so codes are never reused or renumbered (append new ops at the end).
 *
 * <p>{@link #family} says how a record's fields are read: see {@link Event} for the fields and
 * {@link #peerOf}/{@link #countOf} for the (op, peer, count) projection tests compare against the
 * examples' own call lists.
 */
public enum Op {
    INIT(1, "Init", Family.SETUP),
    FINALIZE(2, "Finalize", Family.SETUP),
    ABORT(3, "Abort", Family.SETUP),

    SEND(10, "Send", Family.P2P),
    SSEND(11, "Ssend", Family.P2P),
    BSEND(12, "Bsend", Family.P2P),
    RSEND(13, "Rsend", Family.P2P),
    ISEND(14, "Isend", Family.P2P),
    IBSEND(15, "Ibsend", Family.P2P),
    ISSEND(16, "Issend", Family.P2P),
    IRSEND(17, "Irsend", Family.P2P),
    RECV(18, "Recv", Family.P2P),
    IRECV(19, "Irecv", Family.P2P),
    SEND_INIT(20, "Send_init", Family.P2P),
    BSEND_INIT(21, "Bsend_init", Family.P2P),
    SSEND_INIT(22, "Ssend_init", Family.P2P),
    RSEND_INIT(23, "Rsend_init", Family.P2P),
    RECV_INIT(24, "Recv_init", Family.P2P),
    SENDRECV(25, "Sendrecv", Family.P2P),
    SENDRECV_REPLACE(26, "Sendrecv_replace", Family.P2P),
    PROBE(27, "Probe", Family.P2P),
    IPROBE(28, "Iprobe", Family.P2P),

    BARRIER(40, "Barrier", Family.COLLECTIVE),
    BCAST(41, "Bcast", Family.COLLECTIVE),
    REDUCE(42, "Reduce", Family.COLLECTIVE),
    ALLREDUCE(43, "Allreduce", Family.COLLECTIVE),
    SCAN(44, "Scan", Family.COLLECTIVE),
    REDUCE_SCATTER(45, "Reduce_scatter", Family.COLLECTIVE),
    GATHER(46, "Gather", Family.COLLECTIVE),
    GATHERV(47, "Gatherv", Family.COLLECTIVE),
    SCATTER(48, "Scatter", Family.COLLECTIVE),
    SCATTERV(49, "Scatterv", Family.COLLECTIVE),
    ALLGATHER(50, "Allgather", Family.COLLECTIVE),
    ALLGATHERV(51, "Allgatherv", Family.COLLECTIVE),
    ALLTOALL(52, "Alltoall", Family.COLLECTIVE),
    ALLTOALLV(53, "Alltoallv", Family.COLLECTIVE),

    WAIT(60, "Wait", Family.COMPLETION),
    TEST(61, "Test", Family.COMPLETION),
    CANCEL(62, "Cancel", Family.COMPLETION),
    WAITALL(63, "Waitall", Family.COMPLETION),
    WAITANY(64, "Waitany", Family.COMPLETION),
    WAITSOME(65, "Waitsome", Family.COMPLETION),
    TESTALL(66, "Testall", Family.COMPLETION),
    TESTANY(67, "Testany", Family.COMPLETION),
    TESTSOME(68, "Testsome", Family.COMPLETION),
    START(69, "Start", Family.COMPLETION),
    STARTALL(70, "Startall", Family.COMPLETION),

    SPLIT(80, "Split", Family.COMMUNICATOR),
    CREATE(81, "Create", Family.COMMUNICATOR),
    CLONE(82, "clone", Family.COMMUNICATOR),
    CREATE_CART(83, "Create_cart", Family.COMMUNICATOR),
    CREATE_GRAPH(84, "Create_graph", Family.COMMUNICATOR),
    SUB(85, "Sub", Family.COMMUNICATOR),
    SHIFT(86, "Shift", Family.COMMUNICATOR),
    MERGE(87, "Merge", Family.COMMUNICATOR),
    FREE(88, "Free", Family.COMMUNICATOR),
    CREATE_INTERCOMM(89, "Create_intercomm", Family.COMMUNICATOR),

    PACK(100, "Pack", Family.PACKING),
    UNPACK(101, "Unpack", Family.PACKING);

    /** How an op's record fields are to be read. */
    public enum Family { SETUP, P2P, COLLECTIVE, COMPLETION, COMMUNICATOR, PACKING }

    private static final Op[] BY_CODE = new Op[128];

    static {
        for (Op op : values()) {
            if (BY_CODE[op.code] != null) throw new ExceptionInInitializerError("duplicate op code " + op.code);
            BY_CODE[op.code] = op;
        }
    }

    public final int code;
    /** The method name as MPJ spells it. */
    public final String mpjName;
    public final Family family;

    Op(int code, String mpjName, Family family) {
        this.code = code;
        this.mpjName = mpjName;
        this.family = family;
    }

    /** The op with this code, or null for a code no version of the format defined. */
    public static Op ofCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    public static Op ofMpjName(String name) {
        for (Op op : values()) if (op.mpjName.equals(name)) return op;
        return null;
    }

    /** True for ops whose PEER field is a root rank rather than a point-to-point partner. */
    public boolean hasRoot() {
        return this == BCAST || this == REDUCE || this == GATHER || this == GATHERV
                || this == SCATTER || this == SCATTERV;
    }
}
