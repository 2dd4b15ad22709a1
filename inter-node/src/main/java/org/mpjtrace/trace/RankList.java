package org.mpjtrace.trace;

/**
 * A trace's ranks that are read as they are asked for (a file opened for streaming): finds a rank's
 * position by its number without reading the others' sections.
 */
public interface RankList {
    /** The position of rank {@code rank} in the list, or -1 when the trace has no section for it. */
    int indexOfRank(int rank);
}
