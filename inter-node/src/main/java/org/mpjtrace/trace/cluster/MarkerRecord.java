package org.mpjtrace.trace.cluster;

/**
 * What happened at one acted-on marker, or at MPI.Finalize (state F).
 *
 * @param index        1 for the first acted-on marker, and so on; F takes the next number
 * @param markerCall   how many marker calls the ranks had made by then (acted on or not)
 * @param state        the state the ranks agreed on
 * @param changedRanks how many ranks voted that their Call-Path signature changed since the previous
 *                     acted-on marker (0 at the first marker, where nobody votes); at F, with marker auto
 *                     and clusters in force, how many non-leads made other calls than their lead after
 *                     the last marker (their Call-Paths differ; their calls since then read as their
 *                     leads'), else 0
 * @param clustering   index in {@link MarkerLog#clusterings()} of the clustering in force after this
 *                     marker, or -1 (state AT)
 * @param mergedCalls  calls merged into the online trace at this marker, as stood for (each lead's calls once
 *                     per member of its cluster; 0 when nothing was merged)
 * @param mergeNanos   from the end of the vote (and clustering) to the online trace rewritten, at rank 0
 * @param rankZeroCall the index among rank 0's calls (its first thread's, as the trace numbers them) of the call
 *                     at which rank 0 acted on the marker, or -1 where not known (format version 17 and older)
 */
public record MarkerRecord(int index, long markerCall, MarkerState state, int changedRanks, int clustering,
                           long mergedCalls, long mergeNanos, long rankZeroCall) {
    /** A record that does not say where among rank 0's calls it fell. */
    public MarkerRecord(int index, long markerCall, MarkerState state, int changedRanks, int clustering, long mergedCalls, long mergeNanos) {
        this(index, markerCall, state, changedRanks, clustering, mergedCalls, mergeNanos, -1);
    }
}
