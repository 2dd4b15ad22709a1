/**
 * The clustering modes' data (chameleon, acurdion, reference), as the ranks exchange it and as the trace
 * file keeps it.
 * <ul>
 *   <li>On the way up the clustering tree: chameleon's and reference's candidate clusters
 *       ({@link org.mpjtrace.trace.cluster.RankSignature}, {@link org.mpjtrace.trace.cluster.ClusterSignature},
 *       {@link org.mpjtrace.trace.cluster.Candidate}, {@link org.mpjtrace.trace.cluster.CandidateList},
 *       {@link org.mpjtrace.trace.cluster.ClusterSets} and its byte form
 *       {@link org.mpjtrace.trace.cluster.ClusterSetsCodec}), and acurdion's, which carry each lead's
 *       eleven signatures and are cut to K on the distance Adaptive Signature Building selected
 *       ({@link org.mpjtrace.trace.cluster.SignatureCandidates}).</li>
 *   <li>What comes back down and into the file: the clustering every rank applies
 *       ({@link org.mpjtrace.trace.cluster.Clustering}, {@link org.mpjtrace.trace.cluster.Cluster},
 *       {@link org.mpjtrace.trace.cluster.ClusteringCodec}), and the marker log: the state agreed at each
 *       acted-on marker ({@link org.mpjtrace.trace.cluster.MarkerState},
 *       {@link org.mpjtrace.trace.cluster.MarkerRecord}, {@link org.mpjtrace.trace.cluster.MarkerLog}),
 *       with the clusterings and when the leads' traces were merged.</li>
 *   <li>The clustering modes' agent keys, their defaults and the marker rule's grammar
 *       ({@link org.mpjtrace.trace.cluster.ClusteringKeys}).</li>
 * </ul>
 */
package org.mpjtrace.trace.cluster;
