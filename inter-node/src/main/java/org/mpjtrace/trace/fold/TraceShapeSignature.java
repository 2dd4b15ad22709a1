package org.mpjtrace.trace.fold;

import java.util.List;
import org.mpjtrace.signatures.CallPathSignature;
import org.mpjtrace.trace.Op;

/**
 * The Call-Path signature of a loop-compressed trace (Chameleon computes it on the PRSD form): the
 * calls' stack signatures in the order of the compressed structure, each loop opened and closed by a
 * token of its own so that {@code <A B>} and {@code A B} differ, loop counts left out. Two ranks that
 * run the same loops a different number of times (a master's workers that took different numbers of
 * tasks) get the same signature, and can share a lead with no call lost. MPI.Init is left out, as
 * from the running signature (see the runtime's IntervalSignatures).
 */
public final class TraceShapeSignature {
    private static final long LOOP_OPEN = 0x4C4F_4F50_4F50_454EL;
    private static final long LOOP_CLOSE = 0x4C4F_4F50_434C_4F53L;

    private TraceShapeSignature() {}

    public static long of(List<TraceNode> nodes) {
        CallPathSignature s = new CallPathSignature();
        add(s, nodes);
        return s.value();
    }

    private static void add(CallPathSignature s, List<TraceNode> nodes) {
        for (TraceNode n : nodes) {
            if (n instanceof EventNode e) {
                if (e.op() != Op.INIT.code) s.add(e.stack());
            } else {
                s.add(LOOP_OPEN);
                add(s, ((LoopNode) n).body());
                s.add(LOOP_CLOSE);
            }
        }
    }
}
