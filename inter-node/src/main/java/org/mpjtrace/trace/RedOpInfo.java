package org.mpjtrace.trace;

/**
 * A reduction op a rank used, under its symbolic id.
 *
 * @param id     symbolic id, in order of first use on that rank
 * @param opCode MPJ's Op.opCode (user-defined ops have their own codes)
 */
public record RedOpInfo(int id, int opCode) {

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
            case 11: return "MINLOC";
            case 12: return "MAXLOC";
            default: return "op" + opCode;
        }
    }
}
