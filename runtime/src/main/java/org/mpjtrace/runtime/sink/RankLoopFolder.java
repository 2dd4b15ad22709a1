package org.mpjtrace.runtime.sink;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.fold.EventRecords;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.TraceFolding;
import org.mpjtrace.trace.fold.TraceNode;

/**
 * Intra-node compression of one rank (mode full): the fold thread hands it the rank's records as they
 * come out of the rings; each becomes a node (relative peers, compute and inside times) appended to
 * its thread's {@link TraceFolding}, which folds loops at once. Memory follows the compressed size.
 *
 * <p>Each thread of the rank that calls MPJ (the record's thread number) has a folding of its own: the
 * rings of two threads are drained one after the other, so their calls arrive in no order that means
 * anything, while each thread's own calls arrive in its order and make its own loops. The rank's trace is
 * thread 0's nodes, then thread 1's, and so on; the thread number in each node says whose it is.
 */
public final class RankLoopFolder implements RecordSink {
    private final int rank;
    private final int worldSize;
    private final int window;
    /** By thread number; null for numbers not seen (yet). Most ranks have thread 0 alone. */
    private TraceFolding[] threads = new TraceFolding[1];
    /** Where each thread's next call's compute time starts: its previous call's exit, or a resumption. */
    private final ThreadExits exits;
    /** A record's field values on their way into a folding (copied there). */
    private final long[] values = new long[Field.ALL.length];

    /** @param origin the rank's time origin (entry into MPI.Init): the first call's compute time counts from it */
    public RankLoopFolder(int rank, int worldSize, long origin, int window) {
        this.rank = rank;
        this.worldSize = worldSize;
        this.window = window;
        this.exits = new ThreadExits(origin);
        this.threads[0] = new TraceFolding(window);
    }

    /**
     * Into its thread's folding, made at the thread's first call; the thread's start is not recorded, so its
     * first compute time counts from the rank's latest call or resumption before it ({@link ThreadExits}).
     */
    @Override
    public void append(long[] w, int base) {
        int number = Event.thread(w, base);
        if (number >= threads.length) threads = Arrays.copyOf(threads, number + 1);
        if (threads[number] == null) threads[number] = new TraceFolding(window);
        EventRecords.appendTo(threads[number], w, base, rank, worldSize, exits.previous(w, base), values);
        exits.exited(w, base);
    }

    @Override
    public void resumeAt(int thread, long nanos) {
        exits.resumeAt(thread, nanos);
    }

    /** Whether only the rank's first thread has called MPJ so far: then {@link #nodes} are its calls in order. */
    public boolean oneThread() {
        return threads.length == 1;
    }

    /** The rank's nodes, thread by thread in thread order. */
    public List<TraceNode> nodes() {
        if (threads.length == 1) return threads[0].nodes();
        List<TraceNode> all = new ArrayList<>();
        for (TraceFolding t : threads) if (t != null) all.addAll(t.nodes());
        return all;
    }
}
