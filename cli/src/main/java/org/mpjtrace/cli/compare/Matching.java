package org.mpjtrace.cli.compare;

import org.mpjtrace.signatures.cluster.LoopSignature;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;

/**
 * How much of trace A trace B reproduces, rank by rank and call by call (ACURDION's Table II): each
 * rank's calls of the two traces are paired in order (thread by thread, see RankCalls), and each parameter
 * of A's calls counts as matched when B's call at the same place is the same op of the same thread with
 * the same value. A call of A that B lacks, or
 * where B has another op, counts as unmatched for every parameter it has.
 *
 * <ul>
 *   <li>COUNT: the element counts of point-to-point calls (not probes) and collectives (not Barrier):
 *       count, and the receive side's count where the op has one;</li>
 *   <li>SRC: the receive side's peer (Recv, Irecv, Recv_init, Probe, Iprobe; Sendrecv's source), relative
 *       to the rank, wildcards as passed (comparing a proxy, {@code --proxy}: a Recv's, Probe's or Iprobe's
 *       MPI.ANY_SOURCE as the rank whose message it took, which the proxy names);</li>
 *   <li>DEST: the send side's peer, relative to the rank;</li>
 *   <li>TAG: the tags of point-to-point calls;</li>
 *   <li>COMM: the communicator of point-to-point calls and collectives, as the rank numbers its
 *       communicators (in the order it made them): a non-lead replayed on its lead's communicators, where
 *       its own differed, meets its messages on the wrong ones (not in ACURDION's table);</li>
 *   <li># EVENTS: over all ranks, the sum of the smaller of the two call counts over the sum of the larger;</li>
 *   <li>LOOP: the four fields of each rank's LOOP signature (mean iteration counts by nesting level) that
 *       are set in A, matched when B's field is equal.</li>
 * </ul>
 */
final class Matching {
    /** A tally of one parameter: how many of A's values B matched, of how many. */
    static final class Tally {
        long matched;
        long total;

        void add(boolean same) {
            total++;
            if (same) matched++;
        }

        /** The percentage, or NaN when A has no such value. */
        double percent() {
            return total == 0 ? Double.NaN : 100.0 * matched / total;
        }
    }

    final Tally count = new Tally(), loop = new Tally(), src = new Tally(), dest = new Tally(), tag = new Tally(), comm = new Tally();
    /** B is a proxy of A: A's wildcard receives are matched by B's receives from the source A's took. */
    private final boolean proxy;

    Matching(boolean proxy) {
        this.proxy = proxy;
    }
    long eventsSmaller;
    long eventsLarger;

    /** # EVENTS as a percentage (100 when both have no calls). */
    double eventsPercent() {
        return eventsLarger == 0 ? 100 : 100.0 * eventsSmaller / eventsLarger;
    }

    void addRank(int rank, RankTrace a, RankTrace b) {
        int na = a == null ? 0 : a.eventCount(), nb = b == null ? 0 : b.eventCount();
        eventsSmaller += Math.min(na, nb);
        eventsLarger += Math.max(na, nb);
        for (int i = 0; i < na; i++) {
            long[] wa = a.words();
            int ba = RankTrace.base(i);
            Op op = Op.ofCode(Event.opCode(wa, ba));
            if (op == null) continue;
            boolean paired = i < nb && Event.opCode(b.words(), RankTrace.base(i)) == op.code
                    && Event.thread(b.words(), RankTrace.base(i)) == Event.thread(wa, ba);
            long[] wb = paired ? b.words() : null;
            int bb = RankTrace.base(i);
            if (hasCount(op)) count.add(paired && Event.count(wa, ba) == Event.count(wb, bb) && Event.count2(wa, ba) == Event.count2(wb, bb));
            if (op.family == Op.Family.P2P || op.family == Op.Family.COLLECTIVE) comm.add(paired && Event.comm(wa, ba) == Event.comm(wb, bb));
            if (op.family != Op.Family.P2P) continue;
            if (proxy && resolvedWildcard(op, wa, ba)) {
                // The proxy received from the rank the wildcard matched; MPJ then records no matched source.
                tag.add(paired && Event.tag(wa, ba) == Event.tag(wb, bb));
                src.add(paired && Event.peer2(wa, ba) == Event.peer(wb, bb));
                continue;
            }
            tag.add(paired && Event.tag(wa, ba) == Event.tag(wb, bb) && Event.tag2(wa, ba) == Event.tag2(wb, bb));
            if (receives(op)) {
                src.add(paired && relative(receivePeer(op, wa, ba), rank) == relative(receivePeer(op, wb, bb), rank));
            }
            if (sends(op)) dest.add(paired && relative(Event.peer(wa, ba), rank) == relative(Event.peer(wb, bb), rank));
        }
    }

    /** Adds one rank's LOOP signatures. */
    void addLoops(long a, long b) {
        for (int level = 0; level < 4; level++) {
            int fa = LoopSignature.field(a, level);
            if (fa != 0) loop.add(fa == LoopSignature.field(b, level));
        }
    }

    private static boolean hasCount(Op op) {
        if (op.family == Op.Family.P2P) return op != Op.PROBE && op != Op.IPROBE;
        return op.family == Op.Family.COLLECTIVE && op != Op.BARRIER;
    }

    /** A blocking receive or probe whose MPI.ANY_SOURCE took a message the trace says whose. */
    private static boolean resolvedWildcard(Op op, long[] w, int b) {
        return (op == Op.RECV || op == Op.PROBE || op == Op.IPROBE) && Event.peer(w, b) == -2 && Event.peer2(w, b) >= 0;
    }

    private static boolean receives(Op op) {
        return op == Op.RECV || op == Op.IRECV || op == Op.RECV_INIT || op == Op.PROBE || op == Op.IPROBE
                || op == Op.SENDRECV || op == Op.SENDRECV_REPLACE;
    }

    private static boolean sends(Op op) {
        return op.family == Op.Family.P2P && !(op == Op.RECV || op == Op.IRECV || op == Op.RECV_INIT || op == Op.PROBE || op == Op.IPROBE);
    }

    private static int receivePeer(Op op, long[] w, int b) {
        return op == Op.SENDRECV || op == Op.SENDRECV_REPLACE ? Event.peer2(w, b) : Event.peer(w, b);
    }

    /** A rank as an offset from the rank; MPJ's sentinels (all negative) far below any offset. */
    private static long relative(int peer, int rank) {
        return peer < 0 ? Long.MIN_VALUE - peer : (long) peer - rank;
    }
}
