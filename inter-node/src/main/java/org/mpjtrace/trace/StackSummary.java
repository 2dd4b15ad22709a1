package org.mpjtrace.trace;

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
 * @param calls at least 1 as a rank keeps it; in a file, where rank 0 kept only what the global trace
 *              gets wrong for the rank (see global.StackSummaryPruning), 0 for a stack its lead called and it did not
 * @param computeNanos the compute time before those calls, summed (each from the rank's previous call's exit)
 * @param peer  the peer field (absolute, as the rank's records hold it), or {@link #VARIES}
 * @param peer2 the second peer field, or {@link #VARIES}
 */
public record StackSummary(long stack, long calls, long computeNanos, int peer, int peer2) {
    /** A peer field that was not the same in every call at the stack. */
    public static final int VARIES = Integer.MIN_VALUE;

    /** Writes the rank's own peers, where they never varied, into the record at {@code w[base]}, a call at this stack. */
    public void writePeersInto(long[] w, int base) {
        if (peer != VARIES) w[base + Event.W_PEER_TAG] = Event.pack(peer, Event.tag(w, base));
        if (peer2 != VARIES) w[base + Event.W_PEER2_TAG2] = Event.pack(peer2, Event.tag2(w, base));
    }
}
