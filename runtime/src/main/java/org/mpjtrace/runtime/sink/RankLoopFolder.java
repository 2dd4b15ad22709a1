package org.mpjtrace.runtime.sink;

import java.util.List;
import org.mpjtrace.trace.fold.EventRecords;
import org.mpjtrace.trace.fold.TraceFolding;
import org.mpjtrace.trace.fold.TraceNode;

/**
 * Intra-node compression of one rank (mode full): the fold thread hands it the rank's records as they
 * come out of the rings; each becomes a node (relative peers, compute and inside times) appended to
 * the rank's {@link TraceFolding}, which folds loops at once. Memory follows the compressed size.
 */
public final class RankLoopFolder implements RecordSink {
    private final int rank;
    private final int worldSize;
    private final TraceFolding folding;
    private long previousExit;

    /** @param origin the rank's time origin (entry into MPI.Init): the first call's compute time counts from it */
    public RankLoopFolder(int rank, int worldSize, long origin, int window) {
        this.rank = rank;
        this.worldSize = worldSize;
        this.previousExit = origin;
        this.folding = new TraceFolding(window);
    }

    @Override
    public void append(long[] w, int base) {
        folding.append(EventRecords.toNode(w, base, rank, worldSize, previousExit));
        previousExit = org.mpjtrace.trace.Event.exit(w, base);
    }

    @Override
    public void resumeAt(long nanos) {
        previousExit = Math.max(previousExit, nanos);
    }

    public List<TraceNode> nodes() {
        return folding.nodes();
    }
}
