package org.mpjtrace.trace.cluster;

/**
 * What marker {@code auto} chose, once the ranks agreed on it: every {@code period}-th collective on a
 * communicator of all ranks, counted from the {@code collective}-th, is a marker. Those collectives are
 * the only calls every rank makes in the same order, so all ranks reach each marker together and none
 * waits at a vote another never joins.
 *
 * <p>Or, when the loop has no such collective ({@code ownLoops}), each rank's own loop: every rank found
 * a loop among its own calls and the ranks clustered by messages to rank 0, with no collective; then
 * {@code period} and {@code site} are rank 0's loop (calls an iteration, and the call at which it
 * proposed), and {@code collective} the collectives on all ranks rank 0 had made by then.
 *
 * @param collective the count of such collectives (on rank 0's first thread) when the ranks agreed: the
 *                   first marker of this choice; {@link MarkerRecord#markerCall()} counts the same way
 * @param period     how many of them one iteration of the loop makes
 * @param site       the collective at that first marker, e.g. {@code Allreduce at Stencil2D.main:73}
 * @param callers    its callers, innermost first (e.g. {@code Solver.step:40 < Solver.main:12}), or empty
 * @param why        why: what every rank saw repeat ({@link #reason()} is its sentence)
 * @param ownLoops   whether the markers are each rank's own loop iterations, not collectives
 */
public record MarkerChoice(long collective, int period, String site, String callers, MarkerReason why, boolean ownLoops) {
    /** A choice whose reason is a sentence as it is. */
    public MarkerChoice(long collective, int period, String site, String callers, String reason, boolean ownLoops) {
        this(collective, period, site, callers, MarkerReason.text(reason), ownLoops);
    }

    /** A choice of collectives on all ranks. */
    public MarkerChoice(long collective, int period, String site, String callers, String reason) {
        this(collective, period, site, callers, reason, false);
    }

    /** Why, as a sentence: what every rank saw repeat. */
    public String reason() {
        return why.text();
    }
}
