package org.mpjtrace.trace.io;

/** The END section's object: how many sections precede it. */
record EndMark(int sectionsBefore) {
}
