package org.mpjtrace.replay;

import org.mpjtrace.trace.fold.Histogram;

/**
 * What a {@link RankScript} says of the computation before each call it gives: the replay's
 * {@link ComputeClock} computes it, a proxy's writer ({@link ReplayedCalls}) writes it down.
 */
interface Computation {
    /** The computation before a call of a compressed trace, as the call's histogram. */
    void compute(Histogram h);

    /** A computation of this length, as the trace recorded it. */
    void compute(long nanos);

    /** The rank then spent this long in the call. */
    void called(long nanos);
}
