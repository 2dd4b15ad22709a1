/**
 * Per-thread recording, the hot path's data structures: the single-producer single-consumer
 * {@link org.mpjtrace.runtime.recording.EventRing}, the shadow stack of calling context, symbolic
 * request ids ({@link org.mpjtrace.runtime.recording.RequestTable}), and the per-op tables the recorder
 * switches on. No allocation, no lock on the producer's side.
 */
package org.mpjtrace.runtime.recording;
