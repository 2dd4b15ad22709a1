/**
 * The trace's own rules, which the writer checks before it writes and the readers after they decode:
 * ranks, sites, call paths and the global trace must agree with each other and with the job's metadata.
 * One definition for both sides, so that no file the writer accepts is refused by the reader. Internal to
 * the trace format.
 */
package org.mpjtrace.trace.io.rules;
