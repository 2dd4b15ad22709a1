package org.mpjtrace.proxy;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * Whether every call of the trace can be written as proxy code, checked before anything is written: a
 * proxy that stopped half way through would leave a program that hangs its other ranks. What cannot:
 * Abort (it would end the proxy), datatypes of a base type MPJ cannot build again, and calls whose array
 * arguments the trace does not keep (communicator constructors without their groups or dimensions;
 * request arrays of traces older than format version 10, which kept only a digest of their ids).
 */
final class Expressibility {
    private static final Set<Op> SECOND_TYPE = EnumSet.of(Op.SENDRECV, Op.GATHER, Op.ALLGATHER, Op.ALLTOALL, Op.SCATTER,
            Op.GATHERV, Op.SCATTERV, Op.ALLGATHERV, Op.ALLTOALLV);
    private static final Set<Op> REQUEST_ARRAYS = EnumSet.of(Op.STARTALL, Op.WAITALL, Op.TESTALL, Op.WAITANY, Op.TESTANY, Op.WAITSOME, Op.TESTSOME);

    private Expressibility() {}

    /** What cannot be written, naming the call and where the program made it, or null when all can. */
    static String problem(TraceFile trace, List<GlobalNode> nodes) {
        return problem(trace, new Tables(trace), nodes);
    }

    private static String problem(TraceFile trace, Tables tables, List<GlobalNode> nodes) {
        for (GlobalNode n : nodes) {
            String p = n instanceof GlobalEvent e ? problem(trace, tables, e) : problem(trace, tables, ((GlobalLoop) n).body());
            if (p != null) return p;
        }
        return null;
    }

    private static String problem(TraceFile trace, Tables tables, GlobalEvent e) {
        Op op = Op.ofCode(e.op());
        CallSite site = trace.site(e.site());
        String where = " at " + (site == null ? "site " + e.site() : site.where());
        if (op == null) return "a call of unknown op code " + e.op() + where + " cannot be written as proxy code";
        if (op == Op.ABORT) return "Abort" + where + " cannot be written as proxy code: it would end the proxy";
        if (usesType(op)) {
            String p = types(tables, e, Field.DATATYPE, op, where);
            if (p == null && SECOND_TYPE.contains(op)) p = types(tables, e, Field.DATATYPE2, op, where);
            if (p != null) return p;
        }
        boolean needsArrays = op == Op.CREATE || op == Op.CREATE_CART || op == Op.CREATE_GRAPH || REQUEST_ARRAYS.contains(op);
        if (needsArrays) {
            for (long digest : Declarations.distinct(e.field(Field.DIGEST))) {
                CallArrays a = tables.arrays(digest);
                if (a == null || a.a1() == null || op == Op.CREATE_GRAPH && a.a2() == null)
                    return op.mpjName + where + " cannot be written as proxy code: the trace keeps no "
                            + (REQUEST_ARRAYS.contains(op) ? "ids of the requests it named (traces before format version 10 keep a digest only)" : "group or dimensions for it");
            }
        }
        return null;
    }

    private static boolean usesType(Op op) {
        return switch (op.family) {
            case P2P -> op != Op.PROBE && op != Op.IPROBE;
            case COLLECTIVE -> op != Op.BARRIER;
            case PACKING -> true;
            default -> false;
        };
    }

    private static String types(Tables tables, GlobalEvent e, Field f, Op op, String where) {
        for (long id : Declarations.distinct(e.field(f))) {
            if (tables.datatype((int) id, e.ranks()) != null) continue;
            // The ranks disagree on what the id is: fine when each one knows it.
            for (int r : e.ranks().toArray()) {
                if (tables.datatype((int) id, RankSet.single(r)) == null)
                    return op.mpjName + where + " cannot be written as proxy code: rank " + r + "'s datatype " + id
                            + " is of a base type a proxy cannot build";
            }
        }
        return null;
    }
}
