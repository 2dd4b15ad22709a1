package org.mpjtrace.trace.cluster;

/**
 * The state all ranks agree on at an acted-on marker (Chameleon's transition graph). The codes are
 * part of the trace format.
 */
public enum MarkerState {
    /** All tracing: every rank records; no clustering in force. */
    AT(0),
    /** Clustering: the ranks' behaviour repeated, so they clustered; leads merged what was traced. */
    C(1),
    /** Lead: only the leads record; they merge their interval traces into the online trace. */
    L(2),
    /** Final: MPI.Finalize; what is left is merged (after re-clustering when every rank traced). */
    F(3);

    public final int code;

    MarkerState(int code) {
        this.code = code;
    }

    /** The state with this code, or null. */
    public static MarkerState ofCode(int code) {
        for (MarkerState s : values()) if (s.code == code) return s;
        return null;
    }
}
