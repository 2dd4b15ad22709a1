/**
 * One Kryo serializer per class of the trace model that a section holds (jobs, ranks, statistics, call
 * sites and paths, the global trace, the marker log, ...). Each writes a fixed layout and reads it back
 * through the bounded readers of {@code io.value}, checking every value the trace's rules constrain, so a
 * corrupt file fails with one message instead of a wrong trace. Internal to the trace format:
 * org.mpjtrace.trace.io registers them under explicit ids (TraceKryo).
 */
package org.mpjtrace.trace.io.serial;
