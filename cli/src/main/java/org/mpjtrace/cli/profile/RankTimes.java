package org.mpjtrace.cli.profile;

/**
 * One rank's times, as mpiP's task table gives them: app time from the end of MPI.Init to the start of
 * MPI.Finalize (first call to last where one is missing), time inside MPJ without those two, and each of
 * them apart (MPI.Init holds MPJ's start-up, which is no communication).
 */
public record RankTimes(int rank, long appNanos, long mpjNanos, long initNanos, long finalizeNanos, long calls) {}
