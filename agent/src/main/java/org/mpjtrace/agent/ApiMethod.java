package org.mpjtrace.agent;

import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import org.mpjtrace.trace.Op;

/**
 * One MPJ method the agent intercepts, and how its bridge feeds the probe.
 *
 * @param owners   internal names of the classes a call site may name as owner (call sites name the
 *                 static type of the receiver, so the Comm family is listed in full)
 * @param name     method name
 * @param desc     method descriptor
 * @param isStatic whether the method is static
 * @param op       the op recorded
 * @param kind     which probe the bridge calls
 * @param slots    for {@link Kind#RECORD}: where each probe slot's value comes from
 */
record ApiMethod(Set<String> owners, String name, String desc, boolean isStatic, Op op, Kind kind,
                 Map<Slot, Source> slots) {

    /** Which probe entry point a bridge calls. */
    enum Kind {
        /** Probe.record after the call. */
        RECORD,
        /** Probe.init after MPI.Init, with MPI.COMM_WORLD. */
        INIT,
        /** Probe.beforeFinalize before MPI.Finalize. */
        FINALIZE,
        /** Probe.beforeAbort before Comm.Abort (which does not return). */
        ABORT
    }

    /** The parameters of Probe.record after (site, op), in order, with their descriptor types. */
    enum Slot {
        COMM("Ljava/lang/Object;"), DT("Ljava/lang/Object;"), COUNT("I"), PEER("I"), TAG("I"),
        DT2("Ljava/lang/Object;"), COUNT2("I"), PEER2("I"), TAG2("I"), REDOP("Ljava/lang/Object;"),
        COLOR("I"), KEY("I"), REQS("Ljava/lang/Object;"), RESULT("Ljava/lang/Object;"),
        A1("[I"), A2("[I"), A3("[I"), A4("[I");

        final String type;

        Slot(String type) {
            this.type = type;
        }
    }

    /** Where a slot's value comes from: the receiver, the return value, or a parameter by index. */
    record Source(int param) {
        static final Source RECEIVER = new Source(-1);
        static final Source RETURNED = new Source(-2);
    }

    boolean matches(String owner, String callName, String callDesc) {
        return name.equals(callName) && desc.equals(callDesc) && owners.contains(owner);
    }

    /**
     * Parses a slot spec such as {@code "comm=recv count=2 dt=3 result=ret"}: slot=recv (the receiver),
     * slot=ret (the return value) or slot=N (the N-th parameter, from 0).
     */
    static Map<Slot, Source> slots(String spec) {
        Map<Slot, Source> m = new EnumMap<>(Slot.class);
        if (spec.isBlank()) return m;
        for (String part : spec.trim().split("\\s+")) {
            String[] kv = part.split("=");
            Slot slot = Slot.valueOf(kv[0].toUpperCase());
            Source src = kv[1].equals("recv") ? Source.RECEIVER
                    : kv[1].equals("ret") ? Source.RETURNED : new Source(Integer.parseInt(kv[1]));
            m.put(slot, src);
        }
        return m;
    }
}
