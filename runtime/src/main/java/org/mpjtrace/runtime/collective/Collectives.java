package org.mpjtrace.runtime.collective;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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
    /** Marker auto: what chooses the markers and drives {@link #markers}; null for the other rules. */
    private final AutoMarker auto;
    /** MPI.Finalize was reached once: the trace is collected then, and only then. */
    private final AtomicBoolean finalized = new AtomicBoolean();
    /** Counted down when the rank's part of the collection at MPI.Finalize ended (rank 0: the trace written). */
    private final CountDownLatch collected = new CountDownLatch(1);

    private Collectives(RankContext ctx) {
        this.ctx = ctx;
        this.markers = ctx.clustering == null ? null : new MarkerStateMachine(ctx, ctx.clustering);
        this.auto = markers != null && ctx.tracer.config().marker.isAuto() ? new AutoMarker(ctx, markers, ctx.clustering) : null;
    }

    /**
     * Gives the rank its collective work; call once the rank is set up, before it records. The first
     * rank of a JVM also arms the trace written should the job end before MPI.Finalize ({@link ExitTrace}).
     */
    public static void attach(RankContext ctx) {
        ctx.attach(new Collectives(ctx));
        ExitTrace.installOnce(ctx.tracer);
    }

    /** Whether the rank reached MPI.Finalize: the trace is then collected there, not at exit. */
    boolean finalizeReached() {
        return finalized.get();
    }

    /** Whether the rank's part of the collection at MPI.Finalize ended within {@code millis} (0: has ended). */
    boolean collectedWithin(long millis) {
        try {
            return collected.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return collected.getCount() == 0;
        }
    }

    /** The clustering modes' state machine, else null. */
    MarkerStateMachine markers() {
        return markers;
    }

    @Override
    public void onMarker(int site, long context) throws ReflectiveOperationException {
        if (auto != null) auto.onCollective(site, context);
        else if (markers != null) markers.onMarker();
    }

    @Override
    public void onWatchedCall(int site, long context, int op, int peer, int peer2, boolean marker) throws ReflectiveOperationException {
        if (auto != null) auto.onCall(site, context, op, peer, peer2, marker);
        else if (marker) onMarker(site, context);
    }

    /**
     * Collects the trace at the rank's first MPI.Finalize. A second one (a program's mistake, which MPJ
     * answers with its own MPIException) finds the job's tracing over: collecting again would wait for
     * messages no rank sends and for a writer thread that has stopped.
     */
    @Override
    public void onFinalize() {
        if (!finalized.compareAndSet(false, true)) return;
        try {
            collect();
        } finally {
            collected.countDown();
        }
    }

    private void collect() {
        try {
            ctx.joinPrivateComm(); // a rank attached to: every rank meets here, so the clone is safe now
        } catch (Throwable t) {
            ctx.disable(t);
            return;
        }
        if (auto != null) {
            try {
                auto.settle(); // the ranks' own loops: what is still on its way
            } catch (Throwable t) {
                ctx.disable(t); // the rank still takes its part in the collection: the others wait for it
            }
            auto.finish();
        }
        TraceCollector.collect(ctx, markers);
    }
}
