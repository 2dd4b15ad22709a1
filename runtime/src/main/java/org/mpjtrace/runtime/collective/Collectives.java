package org.mpjtrace.runtime.collective;

import org.mpjtrace.runtime.rank.RankCollectives;
import org.mpjtrace.runtime.rank.RankContext;

/**
 * The collective layer's part of one rank, attached to its context by Probe.init: in the clustering
 * modes the marker state machine acts at each marker, and in every mode the trace is collected at
 * MPI.Finalize ({@link TraceCollector}).
 */
public final class Collectives implements RankCollectives {
    private final RankContext ctx;
    /** The clustering modes' state machine; null in the other modes, which have no markers. */
    private final MarkerStateMachine markers;

    private Collectives(RankContext ctx) {
        this.ctx = ctx;
        this.markers = ctx.clustering == null ? null : new MarkerStateMachine(ctx, ctx.clustering);
    }

    /** Gives the rank its collective work; call once the rank is set up, before it records. */
    public static void attach(RankContext ctx) {
        ctx.attach(new Collectives(ctx));
    }

    @Override
    public void onMarker() throws ReflectiveOperationException {
        if (markers != null) markers.onMarker();
    }

    @Override
    public void onFinalize() {
        TraceCollector.collect(ctx, markers);
    }
}
