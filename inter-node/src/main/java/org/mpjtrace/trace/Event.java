package org.mpjtrace.trace;

/**
 * The fixed-size event record: {@link #WORDS} longs, written by the probe into a ring and kept as-is
 * in dump traces. Two 32-bit fields share a word where they fit. Which fields an op has, and whether a
 * call may leave one empty, is {@link org.mpjtrace.trace.fold.FieldSchema}'s to say: the probe fills the
 * others with {@link #NONE}, but a reader never takes -1 itself for "no value", since it is a real value in
 * some fields (Split's colour MPI.UNDEFINED and key, Shift's displacement, Abort's error code).
 *
 * <pre>
 * word  high 32 bits            low 32 bits
 *  0    thread, op code         call-site id
 *       (16 bits each)
 *  1    stack signature (64 bits)
 *  2    communicator id         datatype id
 *  3    peer                    tag
 *  4    count                   request id
 *  5    peer2                   tag2
 *  6    count2                  datatype2 id
 *  7    reduction-op id         color
 *  8    key                     result id
 *  9    enter time, ns (System.nanoTime of the rank's JVM)
 * 10    exit time, ns
 * 11    digest of array arguments (64 bits)
 * </pre>
 *
 * Meaning by {@link Op.Family}:
 * <ul>
 *   <li>P2P: peer = destination or source as passed (MPJ's ANY_SOURCE, PROC_NULL kept as given), tag,
 *       count, datatype; request = symbolic id of the Request returned. Sendrecv: peer/tag/count/datatype
 *       are the send side, peer2/tag2/count2/datatype2 the receive side; Sendrecv_replace: peer2/tag2
 *       are the source and its tag. Probe and Iprobe: peer = source, tag (no count). Recv, Probe and Iprobe
 *       with a negative peer (ANY_SOURCE, PROC_NULL): peer2/tag2 = the source and tag of the message
 *       they matched (NONE while an Iprobe finds none), so that a replay can take the same message.</li>
 *   <li>COLLECTIVE: peer = root for rooted ops, else NONE; count/datatype = the send side and
 *       count2/datatype2 the receive side where there is one, except Scatter and Scatterv, whose
 *       count/datatype are the receive side (count2/datatype2 Scatter's send side); Alltoallv: count =
 *       the sum of send counts; Reduce_scatter: count = the sum of receive counts; digest = hash of the
 *       count and displacement arrays (v-variants; {@link CallArrays#digestOf}, in argument order);
 *       reduction-op id for reductions.</li>
 *   <li>COMPLETION: count = number of requests the call names (1 for Wait, Test, Cancel, Start); request =
 *       symbolic id of the single request ({@link #REQUEST_NULL} for MPI.REQUEST_NULL or a request already
       completed); for a call on an array, the array's symbolic ids in array order are the rank's
       {@link CallArrays} a1 under the digest ({@link CallArrays#digestOfIds}; REQUEST_NULL and
       {@link #REQUEST_ABSENT} where the array held no pending request). Format version 9 and older kept
       only a hash of the ids there (count first, then each id), with no arrays.</li>
 *   <li>COMMUNICATOR: result = symbolic id of the communicator created; color, key for Split; for Shift
 *       peer = direction, count = displacement, peer2/tag2 = the source and destination it answered;
 *       for Create_intercomm peer = remote leader, tag = tag, color = the local communicator's id, key =
 *       the local leader; Create: digest = hash of the group's members as ranks of the communicator;
 *       Create_cart: digest = hash of dims, color = periods ({@link FlagBits}), key = reorder (0, 1);
 *       Create_graph: digest = hash of index and edges, key = reorder; Sub: color = remain_dims as bits;
 *       Merge: color = high (0, 1). The arrays behind each digest are in the rank's {@link CallArrays}.</li>
 *   <li>PACKING: count, datatype; tag = the position passed; count2 = the buffer's capacity in bytes.</li>
 *   <li>SETUP: Init's communicator is COMM_WORLD; Abort's tag holds the error code.</li>
 * </ul>
 * The stack signature stands for the call site and, with calling context (agent key stackDepth), the
 * call sites of its nearest callers; the trace's call-path table ({@link CallPath}) says which. Without
 * calling context it is the call site's own ({@link CallSite#stackSignature}).
 *
 * <p>Communicator, datatype, reduction-op and request ids are symbolic: small integers per rank, in order
 * of first use (see {@link RankTrace} for the tables that give their meaning); request ids are per thread.
 *
 * <p>The thread is the calling thread's number within its rank: 0 for the thread that called MPI.Init,
 * then 1, 2, ... in the order the rank's threads started the others (as Pilgrim records a tid; a thread
 * started that never calls MPJ leaves its number unused, one started before MPI.Init, or in an earlier MPI
 * session, gets the next number at its first call), so a rank's threads have the same numbers on
 * every rank and run however they race to their first call. Traces written before 2026-11-28 number them
 * in the order they first called MPJ. Each thread's calls keep their own order; a rank's threads run at once, so their calls have no one order.
 * Threads past {@link #MAX_THREAD} share its number. Traces of format version 8 and older hold 0 there.
 */
public final class Event {
    public static final int WORDS = 12;
    /**
     * What the probe writes in a field the op does not use, and, in an id or rank field that
     * {@link org.mpjtrace.trace.fold.FieldSchema} calls optional, for a call that had no value there (no
     * id or rank is -1: MPJ's rank sentinels are ANY_SOURCE -2 and PROC_NULL -3). Elsewhere -1 may be the
     * program's value: ask the schema, not this number.
     */
    public static final int NONE = -1;
    /**
     * The request id of {@code MPI.REQUEST_NULL}, and of a request that had completed before the call named
     * it: MPJ treats both alike (Wait and Test return at once, the array calls skip them). Real ids are
     * never negative; -1 ({@link #NONE}) is a request the recorder could not name.
     */
    public static final int REQUEST_NULL = -2;
    /** The request id of a Java null in a request array (Testany and Testall skip it; Waitall throws). */
    public static final int REQUEST_ABSENT = -3;

    public static final int W_OP_SITE = 0;
    public static final int W_STACK = 1;
    public static final int W_COMM_DTYPE = 2;
    public static final int W_PEER_TAG = 3;
    public static final int W_COUNT_REQUEST = 4;
    public static final int W_PEER2_TAG2 = 5;
    public static final int W_COUNT2_DTYPE2 = 6;
    public static final int W_REDOP_COLOR = 7;
    public static final int W_KEY_RESULT = 8;
    public static final int W_ENTER = 9;
    public static final int W_EXIT = 10;
    public static final int W_DIGEST = 11;

    /** The highest thread number a record holds (16 bits next to the op code). */
    public static final int MAX_THREAD = 0xFFFF;
    private static final int OP_BITS = 16;
    private static final int OP_MASK = (1 << OP_BITS) - 1;

    private Event() {}

    public static long pack(int high, int low) {
        return ((long) high << 32) | (low & 0xFFFF_FFFFL);
    }

    public static int high(long word) {
        return (int) (word >>> 32);
    }

    public static int low(long word) {
        return (int) word;
    }

    /** The high half of word 0: {@code op} and {@code thread} (clamped to {@link #MAX_THREAD}). */
    public static int opAndThread(int op, int thread) {
        return Math.min(Math.max(thread, 0), MAX_THREAD) << OP_BITS | (op & OP_MASK);
    }

    /** The op code of the high half of word 0 ({@link #opAndThread}). */
    public static int opOf(int opAndThread) {
        return opAndThread & OP_MASK;
    }

    /** The thread of the high half of word 0 ({@link #opAndThread}). */
    public static int threadOf(int opAndThread) {
        return opAndThread >>> OP_BITS;
    }

    // Readers over a record starting at words[base]: each names the field it returns.
    public static int opCode(long[] w, int base) { return opOf(high(w[base + W_OP_SITE])); }
    public static int thread(long[] w, int base) { return threadOf(high(w[base + W_OP_SITE])); }
    public static int site(long[] w, int base) { return low(w[base + W_OP_SITE]); }
    public static long stack(long[] w, int base) { return w[base + W_STACK]; }
    public static int comm(long[] w, int base) { return high(w[base + W_COMM_DTYPE]); }
    public static int datatype(long[] w, int base) { return low(w[base + W_COMM_DTYPE]); }
    public static int peer(long[] w, int base) { return high(w[base + W_PEER_TAG]); }
    public static int tag(long[] w, int base) { return low(w[base + W_PEER_TAG]); }
    public static int count(long[] w, int base) { return high(w[base + W_COUNT_REQUEST]); }
    public static int request(long[] w, int base) { return low(w[base + W_COUNT_REQUEST]); }
    public static int peer2(long[] w, int base) { return high(w[base + W_PEER2_TAG2]); }
    public static int tag2(long[] w, int base) { return low(w[base + W_PEER2_TAG2]); }
    public static int count2(long[] w, int base) { return high(w[base + W_COUNT2_DTYPE2]); }
    public static int datatype2(long[] w, int base) { return low(w[base + W_COUNT2_DTYPE2]); }
    public static int redop(long[] w, int base) { return high(w[base + W_REDOP_COLOR]); }
    public static int color(long[] w, int base) { return low(w[base + W_REDOP_COLOR]); }
    public static int key(long[] w, int base) { return high(w[base + W_KEY_RESULT]); }
    public static int result(long[] w, int base) { return low(w[base + W_KEY_RESULT]); }
    public static long enter(long[] w, int base) { return w[base + W_ENTER]; }
    public static long exit(long[] w, int base) { return w[base + W_EXIT]; }
    public static long digest(long[] w, int base) { return w[base + W_DIGEST]; }

    /**
     * The peer of the (op, peer, count) projection: the point-to-point partner (Sendrecv: the
     * destination), the root of a rooted collective, else NONE.
     */
    public static int projectedPeer(long[] w, int base) {
        Op op = Op.ofCode(opCode(w, base));
        if (op == null) return NONE;
        switch (op.family) {
            case P2P:
                return peer(w, base);
            case COLLECTIVE:
                return op.hasRoot() ? peer(w, base) : NONE;
            default:
                return NONE;
        }
    }

    /** The count of the (op, peer, count) projection: see the family rules above; 0 where there is none. */
    public static int projectedCount(long[] w, int base) {
        Op op = Op.ofCode(opCode(w, base));
        if (op == null) return 0;
        switch (op.family) {
            case P2P: case COLLECTIVE: case COMPLETION: case PACKING:
                int c = count(w, base);
                return c == NONE ? 0 : c;
            default:
                return 0;
        }
    }
}
