package org.mpjtrace.trace.fold;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;

/**
 * One rank's calls as event records, for inter-node's own tests: the shared fixtures module
 * (src-test-fixtures) depends on inter-node, so inter-node's tests cannot use its streams. Each call
 * has 1 us of compute before it and a fixed time inside; its site doubles as its stack signature.
 */
public final class RankCalls {
    /** COMM_WORLD's size for these calls (offsets count round it): more ranks than any test names. */
    public static final int WORLD_SIZE = 1024;

    private final int rank;
    private final long insideNanos;
    private final List<long[]> records = new ArrayList<>();
    private long clock;

    /** @param insideNanos time inside every call (tests vary it to make blocks differ only in time) */
    public RankCalls(int rank, long insideNanos) {
        this.rank = rank;
        this.insideNanos = insideNanos;
    }

    /**
     * A non-periodic 1D halo exchange in a chain of {@code size} ranks: per step Irecv then Isend to
     * each neighbour there is (tag 7, {@code count} elements) and a Waitall of them; then one
     * Allreduce, the marker that closes the interval.
     */
    public static RankCalls haloInterval(int rank, int size, int steps, int count, long insideNanos) {
        RankCalls c = new RankCalls(rank, insideNanos);
        int[] nbrs = {rank - 1, rank + 1};
        for (int step = 0; step < steps; step++) {
            int requests = 0;
            for (int n : nbrs) if (n >= 0 && n < size) c.call(Op.IRECV, 1, n, 7, count, requests++);
            for (int n : nbrs) if (n >= 0 && n < size) c.call(Op.ISEND, 2, n, 7, count, requests++);
            c.call(Op.WAITALL, 3, Event.NONE, Event.NONE, requests, Event.NONE);
        }
        c.call(Op.ALLREDUCE, 4, Event.NONE, Event.NONE, 1, Event.NONE);
        return c;
    }

    /** Appends a call; fields not given are {@link Event#NONE}, the communicator is 0. */
    public RankCalls call(Op op, int site, int peer, int tag, int count, int request) {
        long[] w = new long[Event.WORDS];
        Arrays.fill(w, Event.pack(Event.NONE, Event.NONE));
        w[Event.W_OP_SITE] = Event.pack(op.code, site);
        w[Event.W_STACK] = 1000L + site;
        w[Event.W_COMM_DTYPE] = Event.pack(0, 0);
        w[Event.W_PEER_TAG] = Event.pack(peer, tag);
        w[Event.W_COUNT_REQUEST] = Event.pack(count, request);
        w[Event.W_DIGEST] = 0;
        w[Event.W_ENTER] = clock + 1_000;
        w[Event.W_EXIT] = clock = w[Event.W_ENTER] + insideNanos;
        records.add(w);
        return this;
    }

    public int rank() {
        return rank;
    }

    public int size() {
        return records.size();
    }

    /** The calls folded the way a rank does it as they happen. */
    public List<TraceNode> folded() {
        TraceFolding folding = new TraceFolding();
        long previousExit = 0;
        for (long[] w : records) {
            folding.append(EventRecords.toNode(w, 0, rank, WORLD_SIZE, previousExit));
            previousExit = Event.exit(w, 0);
        }
        return folding.nodes();
    }

    /** The records with times zeroed, as expanding a compressed trace gives them back. */
    public List<long[]> withoutTimes() {
        List<long[]> out = new ArrayList<>(records.size());
        for (long[] w : records) {
            long[] r = w.clone();
            r[Event.W_ENTER] = 0;
            r[Event.W_EXIT] = 0;
            out.add(r);
        }
        return out;
    }
}
