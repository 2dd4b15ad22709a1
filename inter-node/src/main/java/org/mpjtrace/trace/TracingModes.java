package org.mpjtrace.trace;

import java.util.List;
import org.mpjtrace.trace.cluster.ClusteringKeys;

/** The values of the agent key {@code mode}: one list for the agent's check and for {@code mpjtrace run}'s. */
public final class TracingModes {
    public static final String DUMP = "dump";
    public static final String FULL = "full";
    /** Every mode, in the order error messages list them. */
    public static final List<String> ALL = List.of(DUMP, FULL, ClusteringKeys.CHAMELEON, ClusteringKeys.ACURDION, ClusteringKeys.REFERENCE);

    private TracingModes() {}
}
