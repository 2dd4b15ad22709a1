package org.mpjtrace.replay;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.RedOpInfo;
import org.mpjtrace.trace.TraceFile;

/**
 * One rank's symbolic ids turned back into MPJ objects: communicators (0 is COMM_WORLD; the others are
 * made by the replayed calls that made them), datatypes and reduction ops (from the rank's tables).
 * In a clustered trace a rank may replay its lead's calls, whose ids the rank's own tables may lack;
 * then the first rank whose table has the id answers (in SPMD programs they agree).
 *
 * <p>The rank's replay threads share it: a thread may use a communicator another thread makes (the
 * program's main thread made it before starting the thread), so with several threads a communicator not
 * made yet is waited for, as the program waited; the stall watch ends a wait that never ends.
 */
final class Symbols {
    /**
     * The base type MPJ gives a Struct of empty arrays (its UNDEFINED), of size 0: it moves nothing, and the
     * replay makes one the same way.
     */
    private static final int EMPTY_STRUCT = -1;

    private final TraceFile trace;
    private final RankTrace own;
    private final Map<Integer, Comm> comms = new HashMap<>();
    /** Ids of communicators made without this rank (it is no member). */
    private final Set<Integer> notMember = new HashSet<>();
    private final Map<Integer, Datatype> datatypes = new HashMap<>();
    /** Whether other replay threads of the rank may still make a communicator a call names. */
    private final boolean threaded;

    Symbols(TraceFile trace, int rank, int threads) {
        this.trace = trace;
        this.own = trace.rank(rank);
        this.threaded = threads > 1;
        comms.put(0, MPI.COMM_WORLD);
    }

    synchronized Comm comm(int id) {
        Comm c = comms.get(id);
        while (c == null && threaded && !notMember.contains(id)) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            c = comms.get(id);
        }
        if (c == null) throw new ReplayException("a call uses communicator " + id + ", which no earlier call made (or this rank is not in it)");
        return c;
    }

    /** A communicator a replayed call made under this id; null when the rank is not a member. */
    synchronized void made(int id, Comm c) {
        if (id < 0) return;
        if (c != null) comms.put(id, c);
        else notMember.add(id);
        notifyAll();
    }

    synchronized Datatype datatype(int id) throws MPIException {
        Datatype d = datatypes.get(id);
        if (d != null) return d;
        DatatypeInfo info = own != null ? own.datatype(id) : null;
        for (int i = 0; info == null && i < trace.ranks().size(); i++) info = trace.ranks().get(i).datatype(id);
        if (info == null) throw new ReplayException("a call uses datatype " + id + ", which no rank's table names");
        if (info.baseType() == EMPTY_STRUCT && info.size() == 0) {
            d = Datatype.Struct(new int[0], new int[0], new Datatype[0]);
            d.Commit();
            datatypes.put(id, d);
            return d;
        }
        d = base(info.baseType());
        if (info.size() > 1) {
            // Derived types are replayed as that many contiguous base elements: same count, same bytes.
            d = Datatype.Contiguous(info.size(), d);
            d.Commit();
        }
        datatypes.put(id, d);
        return d;
    }

    Op redop(int id) {
        RedOpInfo info = own != null ? own.redop(id) : null;
        for (int i = 0; info == null && i < trace.ranks().size(); i++) info = trace.ranks().get(i).redop(id);
        int code = info == null ? -1 : info.opCode();
        switch (code) {
            case 1: return MPI.MAX;
            case 2: return MPI.MIN;
            case 4: return MPI.PROD;
            case 5: return MPI.LAND;
            case 6: return MPI.BAND;
            case 7: return MPI.LOR;
            case 8: return MPI.BOR;
            case 9: return MPI.LXOR;
            case 10: return MPI.BXOR;
            // SUM, and what replay cannot rebuild (user-defined ops; MINLOC and MAXLOC need pair types):
            // the same message sizes with a sum.
            default: return MPI.SUM;
        }
    }

    private static Datatype base(int code) {
        switch (code) {
            case 1: return MPI.BYTE;
            case 2: return MPI.CHAR;
            case 3: return MPI.SHORT;
            case 4: return MPI.BOOLEAN;
            case 5: return MPI.INT;
            case 6: return MPI.LONG;
            case 7: return MPI.FLOAT;
            case 8: return MPI.DOUBLE;
            case 9: return MPI.BYTE; // packed data: the same bytes
            case 12: return MPI.OBJECT;
            default: throw new ReplayException("a call uses base type " + code + ", which replay does not know");
        }
    }
}
