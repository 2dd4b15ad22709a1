/**
 * The bottom of the runtime: the agent's options as the tracer applies them
 * ({@link org.mpjtrace.runtime.config.TracerConfig}, keys named in org.mpjtrace.trace.AgentKeys), the
 * marker rule, and the tracer's only voice on stderr ({@link org.mpjtrace.runtime.config.TracerLog}).
 */
package org.mpjtrace.runtime.config;
