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
    private ThreadFolding[] threads = new ThreadFolding[1];
    /** The latest exit of any of the rank's calls, or the latest point it resumed at. */
    private long latest;
    /** A record's field values on their way into a folding (copied there). */
    private final long[] values = new long[Field.ALL.length];

    /** One thread's folding, and the exit of its previous call, where its next call's compute time starts. */
    private static final class ThreadFolding {
        final TraceFolding folding;
        long previousExit;

        ThreadFolding(int window, long start) {
            folding = new TraceFolding(window);
            previousExit = start;
        }
    }

    /** @param origin the rank's time origin (entry into MPI.Init): the first call's compute time counts from it */
    public RankLoopFolder(int rank, int worldSize, long origin, int window) {
        this.rank = rank;
        this.worldSize = worldSize;
        this.window = window;
        this.latest = origin;
        this.threads[0] = new ThreadFolding(window, origin);
    }

    @Override
    public void append(long[] w, int base) {
        ThreadFolding t = thread(Event.thread(w, base), Event.enter(w, base));
        EventRecords.appendTo(t.folding, w, base, rank, worldSize, t.previousExit, values);
        t.previousExit = Event.exit(w, base);
        latest = Math.max(latest, t.previousExit);
    }

    /**
     * The folding of thread {@code number}, made at its first call (entered at {@code enter}): when the
     * thread started is not recorded, so its first compute time counts from the rank's latest call or
     * resumption before it, 0 when the rings handed that over first.
     */
    private ThreadFolding thread(int number, long enter) {
        if (number >= threads.length) threads = Arrays.copyOf(threads, number + 1);
        ThreadFolding t = threads[number];
        if (t == null) threads[number] = t = new ThreadFolding(window, Math.min(latest, enter));
        return t;
    }

    @Override
    public void resumeAt(int thread, long nanos) {
        latest = Math.max(latest, nanos);
        for (int n = 0; n < threads.length; n++) {
            ThreadFolding t = threads[n];
            if (t != null && (thread == ALL_THREADS || thread == n)) t.previousExit = Math.max(t.previousExit, nanos);
        }
    }

    /** Whether only the rank's first thread has called MPJ so far: then {@link #nodes} are its calls in order. */
    public boolean oneThread() {
        return threads.length == 1;
    }

    /** The rank's nodes, thread by thread in thread order. */
    public List<TraceNode> nodes() {
        if (threads.length == 1) return threads[0].folding.nodes();
        List<TraceNode> all = new ArrayList<>();
        for (ThreadFolding t : threads) if (t != null) all.addAll(t.folding.nodes());
        return all;
    }
}
