/**
 * Reading and writing the values a trace section is made of: counts (checked against the decoded bytes
 * left, {@link org.mpjtrace.trace.io.value.Counts}), strings, rank sets, compressed times, event words and
 * lists, each failing with a {@link org.mpjtrace.trace.io.value.CorruptDataException} that names what was
 * wrong. Internal to the trace format.
 */
package org.mpjtrace.trace.io.value;
