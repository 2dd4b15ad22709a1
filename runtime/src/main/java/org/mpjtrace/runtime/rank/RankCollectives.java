package org.mpjtrace.runtime.rank;

/**
 * What a rank does together with the other ranks, beyond recording its own calls: act at a marker call
 * (the clustering modes' state machine) and, at MPI.Finalize, gather the job's trace at rank 0. Declared
 * here and implemented by the collective layer (org.mpjtrace.runtime.collective), which Probe.init
 * attaches to each rank, so that the rank's own layer never names the layer above it.
 */
public interface RankCollectives {
    /** Before Probe.init attached the real one (never reached by a rank that records). */
    RankCollectives NONE = new RankCollectives() {
        @Override
        public void onMarker(int site, long context) {}

        @Override
        public void onWatchedCall(int site, long context, int op, int peer, int peer2, boolean marker) {}

        @Override
        public void onFinalize() {}
    };

    /**
     * A marker call (made at {@code site}, in calling context {@code context}: its stack signature, as its
     * event has it) returned on the rank's own thread.
     */
    void onMarker(int site, long context) throws ReflectiveOperationException;

    /**
     * A call (made at {@code site} in {@code context}, with its op and peers) returned on the rank's own thread while the rank
     * watches its calls ({@link RankContext#watchCalls}): marker auto looks for the rank's own loop in
     * them. {@code marker}: the call is also a marker call.
     */
    void onWatchedCall(int site, long context, int op, int peer, int peer2, boolean marker) throws ReflectiveOperationException;

    /** MPI.Finalize is about to run: collect the trace while MPJ still works. Never throws. */
    void onFinalize();
}
