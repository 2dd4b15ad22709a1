package org.mpjtrace.trace;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.signatures.Mix64;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.ValueSeq;

/**
 * What a rank did at one stack signature (call site, or call path with calling context) over the whole
 * run: how many calls, and the peer and second peer of its records (see {@link Event}) when every call
 * there named the same one. Every rank of the clustering modes keeps these, a few numbers per call site
 * whether or not it traces, because a cluster shares its lead's loop structure but not always its loop
 * counts or peers: a master's workers run the same task loop a different number of times, and a lead's
 * "the rank 3 below me" is the master only for the lead. A replay runs the lead's loops as often as the
 * rank's own counts say (see global.LoopFit) and takes the rank's own peer where it never varied. The
 * rank's compute time before its calls at the stack lets rank 0 make the leads' compute histograms stand
 * for every rank's time (see global.ComputeCalibration).
 *
 * <p>Beside them (format 15), the rank's own values at the stack in call order of the fields in
 * {@link #OWN_FIELDS}, each a folded value sequence, where they differ from what its lead's calls give
 * it: a lead that sends right then left stands for ranks that send left then right, with other tags or
 * other counts (issue 33 item 4), or on other communicators (format 22: a pool's threads that take tasks on
 * two communicators in whatever order they come; clusters.PairedComms). The sequences fold like the trace's parameters (peers relative, as
 * {@link org.mpjtrace.trace.fold.RelativePeers} stores them for the stack's op), so a regular pattern
 * costs a few elements whatever the run's length; one that does not fold in {@link #MAX_ELEMENTS} is not
 * kept, so a rank's summaries stay a few numbers per call site.
 *
 * @param stack the key the summary goes under: the stack signature, with the thread mixed in after a rank's
 *              first ({@link #key})
 * @param calls at least 1 as a rank keeps it; in a file, where rank 0 kept only what the global trace
 *              gets wrong for the rank (see global.StackSummaryPruning), 0 for a stack its lead called and it did not
 * @param computeNanos the compute time before those calls, summed (each from the rank's previous call's exit)
 * @param peer  the peer field (absolute, as the rank's records hold it), or {@link #VARIES}
 * @param peer2 the second peer field, or {@link #VARIES}
 * @param own   per field of {@link #OWN_FIELDS}, the rank's values at the stack in call order (stored form,
 *              one per call); a field not kept is absent
 */
public record StackSummary(long stack, long calls, long computeNanos, int peer, int peer2, Map<Field, ValueSeq> own) {
    /** A peer field that was not the same in every call at the stack. */
    public static final int VARIES = Integer.MIN_VALUE;
    /** The most top-level elements a stack's own value sequence keeps before it is dropped as irregular. */
    public static final int MAX_ELEMENTS = 32;
    /** The fields whose own values a rank keeps per stack, in this order (the file's flag bits). */
    public static final List<Field> OWN_FIELDS = List.of(Field.PEER, Field.PEER2, Field.TAG, Field.TAG2, Field.COUNT, Field.COUNT2, Field.COMM);

    public StackSummary {
        for (Field f : own.keySet()) if (!OWN_FIELDS.contains(f)) throw new IllegalArgumentException(f + " is not kept per stack");
        own = own.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(own));
    }

    /**
     * The key of a call's summary: its stack signature, with the thread's number mixed in for a rank's threads
     * after its first. Two threads of a rank that call at one stack make two sequences of calls: one summary
     * of both kept their values in the order the fold thread took them in, and a rank expanded thread by
     * thread got each thread the other's tags (two threads of a Sendrecv ring, each on its own communicator
     * and tag). The first thread's key is its stack, as in files written before.
     */
    public static long key(long stack, int thread) {
        return thread == 0 ? stack : Mix64.combine(stack, THREAD_SALT + thread);
    }

    /** Keeps a thread's key apart from any stack signature a small number could make. */
    private static final long THREAD_SALT = 0x5448524541440000L;

    /** A summary without own value sequences. */
    public StackSummary(long stack, long calls, long computeNanos, int peer, int peer2) {
        this(stack, calls, computeNanos, peer, peer2, Map.of());
    }

    /** Whether any own value sequence is kept. */
    public boolean hasValues() {
        return !own.isEmpty();
    }

    /** Writes the rank's own peers, where they never varied, into the record at {@code w[base]}, a call at this stack. */
    public void writePeersInto(long[] w, int base) {
        if (peer != VARIES) w[base + Event.W_PEER_TAG] = Event.pack(peer, Event.tag(w, base));
        if (peer2 != VARIES) w[base + Event.W_PEER2_TAG2] = Event.pack(peer2, Event.tag2(w, base));
    }
}
