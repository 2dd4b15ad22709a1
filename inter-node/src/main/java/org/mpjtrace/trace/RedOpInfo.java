package org.mpjtrace.trace;

/**
 * A reduction op a rank used, under its symbolic id.
 *
 * @param id     symbolic id, in order of first use on that rank
 * @param opCode MPJ's Op.opCode: 1 to 12 for MPI.MAX to MPI.MINLOC (MPJ Express 0.44 gives MAXLOC 11 and MINLOC
 *               12, read from its mpi.MPI), another code for a user-defined op (0.44 gives every one -1)
 */
public record RedOpInfo(int id, int opCode) {

    /** MPJ's name of the op; a user-defined op is {@code userN}, N its symbolic id (MPJ gives them no code of their own). */
    public String name() {
        switch (opCode) {
            case 1: return "MAX";
            case 2: return "MIN";
            case 3: return "SUM";
            case 4: return "PROD";
            case 5: return "LAND";
            case 6: return "BAND";
            case 7: return "LOR";
            case 8: return "BOR";
            case 9: return "LXOR";
            case 10: return "BXOR";
            case 11: return "MAXLOC";
            case 12: return "MINLOC";
            default: return "user" + id;
        }
    }
}
