package org.mpjtrace.runtime.sink;

import java.util.List;
import org.mpjtrace.signatures.RunningMean;
import org.mpjtrace.signatures.cluster.SignatureVector;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RedOpInfo;

/**
 * Mode acurdion's parameter signatures of one rank since its last merge, kept by the fold thread next to
 * the Call-Path and end-points ({@link IntervalSignatures}): running means of COUNT (point-to-point and
 * collective calls), TAG (point-to-point, ANY_TAG left out), KEY and COLOR (Split), COMP (time between
 * calls) and COMM (time inside calls), and which datatypes, reduction ops and communicators were used,
 * by symbolic id. Means cannot overflow; the ids become the TYPE bitmap only when the rank clusters
 * ({@link #vector}), where the symbol tables say what each id is.
 */
final class ParameterSignatures {
    /** TYPE's bit fields: datatypes by MPJ base type, reduction ops by MPJ op code, communicator kinds. */
    static final int DATATYPE_BITS = 0, REDOP_BITS = 24, COMM_BITS = 48, FIELD = 24;

    private final RunningMean count = new RunningMean(), tag = new RunningMean();
    private final RunningMean key = new RunningMean(), color = new RunningMean();
    private final RunningMean comp = new RunningMean(), comm = new RunningMean();
    /** Bit i: symbolic id i was used (ids from 63 on share bit 63). */
    private long datatypeIds, redopIds, commIds;

    /** One record; {@code previousExit} is when the rank's previous call returned. */
    void add(long[] w, int base, long previousExit) {
        Op op = Op.ofCode(Event.opCode(w, base));
        if (op == null) return;
        long enter = Event.enter(w, base);
        comp.add(Math.max(0, enter - previousExit));
        comm.add(Math.max(0, Event.exit(w, base) - enter));
        if (op.family == Op.Family.P2P || op.family == Op.Family.COLLECTIVE) {
            count.add(Event.projectedCount(w, base));
            datatypeIds |= idBit(Event.datatype(w, base)) | idBit(Event.datatype2(w, base));
            commIds |= idBit(Event.comm(w, base));
        }
        if (op.family == Op.Family.P2P && Event.tag(w, base) >= 0) tag.add(Event.tag(w, base));
        if (op.family == Op.Family.COLLECTIVE) redopIds |= idBit(Event.redop(w, base));
        if (op == Op.SPLIT) {
            color.add(Event.color(w, base));
            key.add(Event.key(w, base));
        }
    }

    private static long idBit(int id) {
        return id < 0 ? 0 : 1L << Math.min(id, 63);
    }

    /** The eleven signatures, given the ones kept elsewhere and the rank's symbol tables. */
    SignatureVector vector(long callPath, double src, double dest, long loop, List<DatatypeInfo> datatypes, List<RedOpInfo> redops,
                           List<CommInfo> comms) {
        return SignatureVector.of(callPath, count.mean(), src, dest, key.mean(), color.mean(), tag.mean(), comp.mean(), comm.mean(),
                loop, type(datatypes, redops, comms));
    }

    private long type(List<DatatypeInfo> datatypes, List<RedOpInfo> redops, List<CommInfo> comms) {
        long type = 0;
        for (DatatypeInfo d : datatypes) if (used(datatypeIds, d.id())) type |= bit(DATATYPE_BITS, d.baseType());
        for (RedOpInfo r : redops) if (used(redopIds, r.id())) type |= bit(REDOP_BITS, r.opCode());
        for (CommInfo c : comms) if (used(commIds, c.id())) type |= bit(COMM_BITS, commKind(c));
        return type;
    }

    private static boolean used(long ids, int id) {
        return (ids & (1L << Math.min(id, 63))) != 0;
    }

    /** Bit {@code code} of a field; codes beyond the field share its last bit. */
    private static long bit(int field, int code) {
        return 1L << (field + Math.max(0, Math.min(code, FIELD - 1)));
    }

    /** COMM_WORLD 0, other intracommunicators 1, Cartcomm 2, Graphcomm 3, Intercomm 4, anything else 5. */
    private static int commKind(CommInfo c) {
        if (c.id() == 0) return 0;
        return switch (c.kind()) {
            case "Intracomm" -> 1;
            case "Cartcomm" -> 2;
            case "Graphcomm" -> 3;
            case "Intercomm" -> 4;
            default -> 5;
        };
    }

    /** The partial trace was merged or dropped: the signatures describe what will be merged next. */
    void reset() {
        count.reset();
        tag.reset();
        key.reset();
        color.reset();
        comp.reset();
        comm.reset();
        datatypeIds = redopIds = commIds = 0;
    }
}
