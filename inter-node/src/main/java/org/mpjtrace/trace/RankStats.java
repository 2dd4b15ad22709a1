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
 * @param paused          the spans the program paused tracing ({@code org.mpjtrace.api.Tracing.pause()} to
 *                        {@code resume()}, or the JMX switch): start and end, in the rank's System.nanoTime(),
 *                        pair after pair; the rank recorded no call in them
 */
public record RankStats(long ringWaits, long ringWaitNanos, long internalErrors, String disabledReason, TraceMemory memory,
                        long setupNanos, long[] paused) {

    public static final RankStats EMPTY = new RankStats(0, 0, 0, "");

    public RankStats {
        paused = paused.clone();
    }

    /** Statistics of a rank that never paused tracing. */
    public RankStats(long ringWaits, long ringWaitNanos, long internalErrors, String disabledReason, TraceMemory memory, long setupNanos) {
        this(ringWaits, ringWaitNanos, internalErrors, disabledReason, memory, setupNanos, new long[0]);
    }

    /** How long tracing was paused in all. */
    public long pausedNanos() {
        long n = 0;
        for (int i = 0; i + 1 < paused.length; i += 2) n += paused[i + 1] - paused[i];
        return n;
    }

    @Override
    public long[] paused() {
        return paused.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RankStats s && s.ringWaits == ringWaits && s.ringWaitNanos == ringWaitNanos && s.internalErrors == internalErrors
                && java.util.Objects.equals(s.disabledReason, disabledReason) && java.util.Objects.equals(s.memory, memory) && s.setupNanos == setupNanos
                && java.util.Arrays.equals(s.paused, paused);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(ringWaits, ringWaitNanos, internalErrors, disabledReason, memory, setupNanos) * 31
                + java.util.Arrays.hashCode(paused);
    }

    /** Statistics without a set-up time. */
    public RankStats(long ringWaits, long ringWaitNanos, long internalErrors, String disabledReason, TraceMemory memory) {
        this(ringWaits, ringWaitNanos, internalErrors, disabledReason, memory, 0);
    }

    /** Statistics of a rank traced without markers. */
    public RankStats(long ringWaits, long ringWaitNanos, long internalErrors, String disabledReason) {
        this(ringWaits, ringWaitNanos, internalErrors, disabledReason, TraceMemory.NONE);
    }
}
