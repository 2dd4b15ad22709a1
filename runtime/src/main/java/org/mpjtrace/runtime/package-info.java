/**
 * What rewritten application code calls: {@link org.mpjtrace.runtime.Probe} at every MPJ call site and
 * {@link org.mpjtrace.runtime.Context} around application calls that can reach one. Their names are
 * written into the application's bytecode by the agent, so they stay here, on top of the runtime's layers.
 *
 * <p>The layers, each package using only the ones below it (no cycles), in the order a call's record
 * travels and then leaves the rank:
 * <pre>
 *   runtime (Probe, Context)          what the bytecode calls
 *   runtime.collective                what ranks do together: markers, clustering, merges, the trace file
 *   runtime.rank                      one rank's own work: the JVM's tracer, rank context, thread recorders, fold thread
 *   runtime.recording                 per-thread recording: rings, shadow stacks, request ids
 *   runtime.sink                      what a rank's records are folded into: dump, loops, clustering signatures
 *   runtime.mpj, runtime.config       MPJ through reflection; the agent's options and the tracer's voice
 * </pre>
 */
package org.mpjtrace.runtime;
