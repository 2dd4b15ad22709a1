package org.mpjtrace.trace;

/**
 * A run of equal calls whose arguments a replay must take from the rank itself rather than from its
 * cluster's lead: the communicator constructors (Split's colour and key, the arrays of Create,
 * Create_cart and Create_graph, Sub's dims, Merge's side, Create_intercomm's leaders and tag) and the
 * v-collectives (their roots, counts and count arrays). None of these ops keeps a relative peer: their
 * peer field (a root, Create_intercomm's remote leader) is an absolute rank. Ranks share a lead when they agree in Call-Path and
 * end-points, which does not see these arguments; but replaying a lead's Split colour, or its Scatterv
 * counts, on a member makes a different communicator or a message of the wrong size, and MPJ fails.
 * So every rank of the clustering modes keeps, in call order, its own arguments of these calls: a run
 * per change (a v-collective called the same way every step is one run), a few numbers, no events.
 *
 * @param op     the op code, one {@link #kept} says yes to; the other fields are the record's (see {@link Event})
 * @param repeat how many calls in a row had these arguments, at least 1
 */
public record OwnArguments(int op, int peer, int tag, int count, int count2, int color, int key, long digest, long repeat) {

    private static final boolean[] KEPT = new boolean[128];

    static {
        for (Op o : new Op[] {Op.SPLIT, Op.CREATE, Op.CREATE_CART, Op.CREATE_GRAPH, Op.SUB, Op.MERGE, Op.CREATE_INTERCOMM,
                Op.GATHERV, Op.SCATTERV, Op.ALLGATHERV, Op.ALLTOALLV, Op.REDUCE_SCATTER})
            KEPT[o.code] = true;
    }

    /** Whether a rank keeps its own arguments of calls of this op. */
    public static boolean kept(int opCode) {
        return opCode >= 0 && opCode < KEPT.length && KEPT[opCode];
    }

    /** The arguments of the record at {@code w[base]}, a run of one. */
    public static OwnArguments of(long[] w, int base) {
        return new OwnArguments(Event.opCode(w, base), Event.peer(w, base), Event.tag(w, base), Event.count(w, base), Event.count2(w, base), Event.color(w, base),
                Event.key(w, base), Event.digest(w, base), 1);
    }

    /** Whether the record at {@code w[base]} is a call of this run's op with these arguments. */
    public boolean sameCall(long[] w, int base) {
        return Event.opCode(w, base) == op && Event.peer(w, base) == peer && Event.tag(w, base) == tag && Event.count(w, base) == count && Event.count2(w, base) == count2
                && Event.color(w, base) == color && Event.key(w, base) == key && Event.digest(w, base) == digest;
    }

    /** This run one call longer. */
    public OwnArguments once() {
        return new OwnArguments(op, peer, tag, count, count2, color, key, digest, repeat + 1);
    }

    /** Writes these arguments into the record at {@code w[base]}, a call of the same op; its other fields stay. */
    public void writeInto(long[] w, int base) {
        w[base + Event.W_PEER_TAG] = Event.pack(peer, tag);
        w[base + Event.W_COUNT_REQUEST] = Event.pack(count, Event.request(w, base));
        w[base + Event.W_COUNT2_DTYPE2] = Event.pack(count2, Event.datatype2(w, base));
        w[base + Event.W_REDOP_COLOR] = Event.pack(Event.redop(w, base), color);
        w[base + Event.W_KEY_RESULT] = Event.pack(key, Event.result(w, base));
        w[base + Event.W_DIGEST] = digest;
    }
}
