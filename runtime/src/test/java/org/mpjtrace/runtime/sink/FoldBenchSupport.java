package org.mpjtrace.runtime.sink;

import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.TracingMode;
import org.mpjtrace.trace.fold.TraceFolding;

/**
 * Lets the fold benchmark (another package, for JMH's generated code) reach the sinks the fold thread
 * appends to, and make the records an interior rank of Stencil2D produces.
 */
public final class FoldBenchSupport {
    private FoldBenchSupport() {}

    /** What the fold thread does with one record of the rank. */
    public interface Sink {
        void append(long[] w, int base);
    }

    /** Mode full's sink: the rank's loop compressor. */
    public static Sink full(int rank) {
        RankLoopFolder c = new RankLoopFolder(rank, org.mpjtrace.trace.fixtures.SyntheticStream.WORLD_SIZE, 0, TraceFolding.DEFAULT_WINDOW);
        return c::append;
    }

    /** Mode full with timing=lossless: the loop compressor, then each call's own times (the fold thread's order). */
    public static Sink fullLossless(int rank) {
        RankLoopFolder c = new RankLoopFolder(rank, org.mpjtrace.trace.fixtures.SyntheticStream.WORLD_SIZE, 0, TraceFolding.DEFAULT_WINDOW);
        RecordSink both = RecordSink.both(c, new CallTimesRecorder(0, 0));
        return both::append;
    }

    /** Mode chameleon's sink of a rank that records (all tracing, or a lead): signatures and partial trace. */
    public static Sink chameleonRecording(int rank) {
        ClusteringSink s = new ClusteringSink(rank, org.mpjtrace.trace.fixtures.SyntheticStream.WORLD_SIZE, 0, TraceFolding.DEFAULT_WINDOW, TracingMode.CHAMELEON);
        return s::append;
    }

    /** Mode chameleon's sink of a non-lead in state L: signatures and its raw records since the last marker, no partial trace. */
    public static Sink chameleonNonLead(int rank) {
        ClusteringSink s = new ClusteringSink(rank, org.mpjtrace.trace.fixtures.SyntheticStream.WORLD_SIZE, 0, TraceFolding.DEFAULT_WINDOW, TracingMode.CHAMELEON);
        s.restart(false);
        return s::append;
    }

    /**
     * The records of {@code steps} steps of Stencil2D's interior rank 5 of a 4x4 grid: per step four
     * Irecv and four Isend (peers 1, 9, 4, 6; request ids from the rank's pools), one Waitall of the
     * eight; an Allreduce every 10th step. Times advance by a few microseconds per call, with jitter.
     */
    public static long[] stencilRecords(int steps) {
        return stencilRecords(5, 4, 4, steps);
    }

    /** As {@link #stencilRecords(int)} for any rank of a rows x cols grid (edge ranks have fewer neighbours). */
    public static long[] stencilRecords(int rank, int rows, int cols, int steps) {
        int row = rank / cols, col = rank % cols;
        int[] all = {row > 0 ? rank - cols : -1, row < rows - 1 ? rank + cols : -1, col > 0 ? rank - 1 : -1, col < cols - 1 ? rank + 1 : -1};
        int[] peers = java.util.Arrays.stream(all).filter(p -> p >= 0).toArray();
        int perStep = 2 * peers.length + 1;
        int events = steps * perStep + steps / 10;
        long[] w = new long[events * Event.WORDS];
        java.util.Random random = new java.util.Random(42 + rank);
        long t = 1_000_000;
        int e = 0;
        for (int step = 1; step <= steps; step++) {
            for (int d = 0; d < peers.length; d++) t = put(w, e++, Op.IRECV.code, 1, peers[d], 7, 32, d, t, random);
            for (int d = 0; d < peers.length; d++) t = put(w, e++, Op.ISEND.code, 2, peers[d], 7, 32, peers.length + d, t, random);
            t = put(w, e++, Op.WAITALL.code, 3, Event.NONE, Event.NONE, 2 * peers.length, Event.NONE, t, random);
            if (step % 10 == 0) t = put(w, e++, Op.ALLREDUCE.code, 4, Event.NONE, Event.NONE, 1, Event.NONE, t, random);
        }
        return w;
    }

    /** A rank's partial trace after {@code steps} steps of Stencil2D on a rows x cols grid, as a lead holds it at a marker. */
    public static java.util.List<org.mpjtrace.trace.fold.TraceNode> stencilPartialTrace(int rank, int rows, int cols, int steps) {
        return stencilPartialTrace(rank, rows, cols, steps, org.mpjtrace.trace.fixtures.SyntheticStream.WORLD_SIZE);
    }

    /** As {@link #stencilPartialTrace(int, int, int, int)} in a world of {@code worldSize} ranks (at least rows x cols). */
    public static java.util.List<org.mpjtrace.trace.fold.TraceNode> stencilPartialTrace(int rank, int rows, int cols, int steps, int worldSize) {
        RankLoopFolder c = new RankLoopFolder(rank, worldSize, 0, TraceFolding.DEFAULT_WINDOW);
        long[] w = stencilRecords(rank, rows, cols, steps);
        for (int b = 0; b < w.length; b += Event.WORDS) c.append(w, b);
        return c.nodes();
    }

    private static long put(long[] w, int e, int op, int site, int peer, int tag, int count, int request, long t, java.util.Random random) {
        int b = e * Event.WORDS;
        w[b + Event.W_OP_SITE] = Event.pack(op, site);
        w[b + Event.W_STACK] = 0x9E3779B97F4A7C15L * (site + 1);
        w[b + Event.W_COMM_DTYPE] = Event.pack(0, 0);
        w[b + Event.W_PEER_TAG] = Event.pack(peer, tag);
        w[b + Event.W_COUNT_REQUEST] = Event.pack(count, request);
        w[b + Event.W_PEER2_TAG2] = Event.pack(Event.NONE, Event.NONE);
        w[b + Event.W_COUNT2_DTYPE2] = Event.pack(Event.NONE, Event.NONE);
        w[b + Event.W_REDOP_COLOR] = Event.pack(op == Op.ALLREDUCE.code ? 0 : Event.NONE, Event.NONE);
        w[b + Event.W_KEY_RESULT] = Event.pack(Event.NONE, Event.NONE);
        long enter = t + 1_000 + random.nextInt(2_000);
        long exit = enter + 500 + random.nextInt(5_000);
        w[b + Event.W_ENTER] = enter;
        w[b + Event.W_EXIT] = exit;
        w[b + Event.W_DIGEST] = op == Op.WAITALL.code ? 0x1234_5678L : 0;
        return exit;
    }
}
