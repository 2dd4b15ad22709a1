/**
 * Where the exports' bytes go: a file that appears whole or not at all ({@link
 * org.mpjtrace.cli.export.output.AtomicOutput}), written by a thread of its own ({@link
 * org.mpjtrace.cli.export.output.WriteBehindStream}), or a writer taking JSON as text ({@link
 * org.mpjtrace.cli.export.output.WriterStream}).
 */
package org.mpjtrace.cli.export.output;
