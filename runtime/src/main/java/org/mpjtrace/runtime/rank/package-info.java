/**
 * One rank's own work: the JVM's {@link org.mpjtrace.runtime.rank.Tracer} (configuration, call-site and
 * call-path tables, fold thread), each rank's {@link org.mpjtrace.runtime.rank.RankContext} (symbol
 * tables, sink, rings), each thread's {@link org.mpjtrace.runtime.rank.ThreadRecorder}, and the
 * {@link org.mpjtrace.runtime.rank.FoldThread} that drains the rings into the sinks. What a rank does
 * with the others is declared here as {@link org.mpjtrace.runtime.rank.RankCollectives} and built in the
 * layer above.
 */
package org.mpjtrace.runtime.rank;
