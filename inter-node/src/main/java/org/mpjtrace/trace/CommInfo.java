package org.mpjtrace.trace;

/**
 * A communicator a rank used, under its symbolic id (0 is COMM_WORLD).
 *
 * @param id   symbolic id, in order of first use on that rank
 * @param kind MPJ class name without package: Intracomm, Cartcomm, Graphcomm, Intercomm, Comm
 * @param size number of ranks in it (-1 when unknown)
 * @param rank this rank's rank in it (-1 when not a member)
 */
public record CommInfo(int id, String kind, int size, int rank) {
}
