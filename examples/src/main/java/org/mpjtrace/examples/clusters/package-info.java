/**
 * Programs whose ranks make the same calls but not with the same arguments: a clustering mode puts them
 * under one lead, and the trace must keep what differs (issue 33 item 4). {@code RankCounts}: Alltoallv
 * counts that depend on the rank. {@code ParityExchange}: the same neighbours in another order, and other
 * tags, on even and odd ranks. {@code PairedComms}: the same exchanges on two communicators, taken in
 * another order by every other pair of ranks. {@code LeavingPair}: a loop with no collective that one pair of ranks
 * leaves early, which marker auto must cluster without making any rank wait for another's loop.
 * {@code RingThenPairs}: two such loops in a row, the ranks alike in the first and not in the second.
 * {@code PeriodicGather}: a loop whose Gather every 10th step marker auto must take into its period.
 * {@code TwoDots}: a loop whose one Allreduce, in a helper, it calls from two places: a period of two.
 */
package org.mpjtrace.examples.clusters;
