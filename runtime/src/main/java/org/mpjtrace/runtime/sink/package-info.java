/**
 * Where the fold thread puts a rank's records ({@link org.mpjtrace.runtime.sink.RecordSink}): the dump
 * ({@link org.mpjtrace.runtime.sink.EventStore}), mode full's loop folder
 * ({@link org.mpjtrace.runtime.sink.RankLoopFolder}), and the clustering modes' sink
 * ({@link org.mpjtrace.runtime.sink.ClusteringSink}) with the signatures it keeps for every rank, lead or
 * not. Plain data in, plain data out: nothing here knows about ranks' threads or MPJ.
 */
package org.mpjtrace.runtime.sink;
