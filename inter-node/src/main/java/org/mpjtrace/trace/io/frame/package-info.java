/**
 * The trace format's bytes on disk: a section's body as LZ4 blocks ({@link org.mpjtrace.trace.io.frame.BlockOutputStream},
 * {@link org.mpjtrace.trace.io.frame.BlockInputStream}), section headers with their
 * checksum, the sources a reader reads from (a file or an array), and the layout's sizes and magic numbers
 * ({@link org.mpjtrace.trace.io.frame.Layout}). Internal to the trace format: its only user is org.mpjtrace.trace.io,
 * whose package-info draws the layout.
 */
package org.mpjtrace.trace.io.frame;
