package org.mpjtrace.trace;

/**
 * The tracer's own bookkeeping for one rank.
 *
 * @param ringWaits       times the rank's producer found its ring full and waited for the fold thread
 * @param ringWaitNanos   total time spent in those waits
 * @param internalErrors  errors of the tracer caught on this rank
 * @param disabledReason  why tracing was turned off for this rank, or "" when it stayed on
 * @param memory          mode chameleon: the trace memory the rank held at markers, per state
 * @param setupNanos      the tracer's set-up of the rank after MPI.Init returned (its private communicator
 *                        is a collective clone): the program's first call came that much later, which is
 *                        the tracer's time, not the program's compute (a dump's replay leaves it out)
 */
public record RankStats(long ringWaits, long ringWaitNanos, long internalErrors, String disabledReason, TraceMemory memory,
                        long setupNanos) {

    public static final RankStats EMPTY = new RankStats(0, 0, 0, "");

    /** Statistics without a set-up time. */
    public RankStats(long ringWaits, long ringWaitNanos, long internalErrors, String disabledReason, TraceMemory memory) {
        this(ringWaits, ringWaitNanos, internalErrors, disabledReason, memory, 0);
    }

    /** Statistics of a rank traced without markers. */
    public RankStats(long ringWaits, long ringWaitNanos, long internalErrors, String disabledReason) {
        this(ringWaits, ringWaitNanos, internalErrors, disabledReason, TraceMemory.NONE);
    }
}
