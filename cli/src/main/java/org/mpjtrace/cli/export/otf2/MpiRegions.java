package org.mpjtrace.cli.export.otf2;

import org.mpjtrace.trace.Op;

/**
 * How each MPJ op appears in OTF2: a region per op (its id the op's ordinal, named MPI_ and MPJ's
 * spelling: MPI_Send, MPI_Waitall, MPI_clone), with the region role and, for collectives, the OTF2
 * collective op that Vampir and otf2-print use to tell MPI calls apart.
 */
final class MpiRegions {
    private MpiRegions() {}

    static int region(Op op) {
        return op.ordinal();
    }

    static String name(Op op) {
        return "MPI_" + op.mpjName;
    }

    static byte role(Op op) {
        return switch (op) {
            case BARRIER -> Otf2Library.REGION_ROLE_BARRIER;
            case BCAST, SCATTER, SCATTERV -> Otf2Library.REGION_ROLE_COLL_ONE2ALL;
            case REDUCE, GATHER, GATHERV -> Otf2Library.REGION_ROLE_COLL_ALL2ONE;
            case ALLREDUCE, ALLGATHER, ALLGATHERV, ALLTOALL, ALLTOALLV, REDUCE_SCATTER -> Otf2Library.REGION_ROLE_COLL_ALL2ALL;
            case SCAN -> Otf2Library.REGION_ROLE_COLL_OTHER;
            default -> op.family == Op.Family.P2P ? Otf2Library.REGION_ROLE_POINT2POINT : Otf2Library.REGION_ROLE_FUNCTION;
        };
    }

    /** The OTF2 collective op of a collective. */
    static byte collective(Op op) {
        return switch (op) {
            case BARRIER -> Otf2Library.COLLECTIVE_OP_BARRIER;
            case BCAST -> Otf2Library.COLLECTIVE_OP_BCAST;
            case GATHER -> Otf2Library.COLLECTIVE_OP_GATHER;
            case GATHERV -> Otf2Library.COLLECTIVE_OP_GATHERV;
            case SCATTER -> Otf2Library.COLLECTIVE_OP_SCATTER;
            case SCATTERV -> Otf2Library.COLLECTIVE_OP_SCATTERV;
            case ALLGATHER -> Otf2Library.COLLECTIVE_OP_ALLGATHER;
            case ALLGATHERV -> Otf2Library.COLLECTIVE_OP_ALLGATHERV;
            case ALLTOALL -> Otf2Library.COLLECTIVE_OP_ALLTOALL;
            case ALLTOALLV -> Otf2Library.COLLECTIVE_OP_ALLTOALLV;
            case ALLREDUCE -> Otf2Library.COLLECTIVE_OP_ALLREDUCE;
            case REDUCE -> Otf2Library.COLLECTIVE_OP_REDUCE;
            case REDUCE_SCATTER -> Otf2Library.COLLECTIVE_OP_REDUCE_SCATTER;
            case SCAN -> Otf2Library.COLLECTIVE_OP_SCAN;
            default -> throw new IllegalArgumentException(op + " is not a collective");
        };
    }
}
