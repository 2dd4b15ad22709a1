/**
 * What the ranks do together over the tracer's private communicator: the clustering modes'
 * {@link org.mpjtrace.runtime.collective.MarkerStateMachine} (states AT, C, L, F) and marker auto's choice of
 * markers ({@link org.mpjtrace.runtime.collective.AutoMarker} among the collectives on all ranks,
 * {@link org.mpjtrace.runtime.collective.LoopMarker} in each rank's own calls, clustered by messages to
 * rank 0 with {@link org.mpjtrace.runtime.collective.LoopClustering}, and again on a new loop with
 * {@link org.mpjtrace.runtime.collective.LoopRefinement}), the clusterings over a
 * binomial tree ({@link org.mpjtrace.runtime.collective.ClusterTree},
 * {@link org.mpjtrace.runtime.collective.AcurdionTree}), the leads' merge at markers
 * ({@link org.mpjtrace.runtime.collective.LeadMerge}) into rank 0's
 * {@link org.mpjtrace.runtime.collective.OnlineTraceFile}, and at MPI.Finalize the collection of every
 * rank's section ({@link org.mpjtrace.runtime.collective.TraceCollector}) with mode full's merge
 * ({@link org.mpjtrace.runtime.collective.FinalMerge}). Every message tag is in
 * {@link org.mpjtrace.runtime.collective.MessageTags}.
 */
package org.mpjtrace.runtime.collective;
