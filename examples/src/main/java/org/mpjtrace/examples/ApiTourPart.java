package org.mpjtrace.examples;

import mpi.Intracomm;
import mpi.MPI;
import org.mpjtrace.examples.support.CallLog;

/**
 * What the parts of {@link ApiTour} share on one rank: its call log, its COMM_WORLD rank, its partner
 * for point-to-point calls ({@code rank ^ 1}; the even rank is the sender where only one side sends)
 * and its checksum, which every part of the rank folds what it receives into.
 */
abstract class ApiTourPart {
    /** One rank's checksum, shared by all the parts of that rank's tour. */
    private static final class Checksum {
        long value;
    }

    final CallLog log;
    final Intracomm world = MPI.COMM_WORLD;
    final int rank, partner;
    final boolean sender;
    private final Checksum check;

    /** The first part of COMM_WORLD rank {@code rank}'s tour: checksum 0. */
    ApiTourPart(CallLog log, int rank) {
        this.log = log;
        this.rank = rank;
        this.partner = rank ^ 1;
        this.sender = rank % 2 == 0;
        this.check = new Checksum();
    }

    /** Another part of the same rank's tour as {@code other}: same log, same checksum. */
    ApiTourPart(ApiTourPart other) {
        this.log = other.log;
        this.rank = other.rank;
        this.partner = other.partner;
        this.sender = other.sender;
        this.check = other.check;
    }

    /** Folds received values into this rank's checksum, position-sensitively. */
    final void fold(int[] values) {
        for (int v : values) check.value = check.value * 31 + v;
    }

    /** Adds {@code v} to this rank's checksum. */
    final void add(long v) {
        check.value += v;
    }

    /** This rank's checksum so far. */
    final long checksum() {
        return check.value;
    }
}
