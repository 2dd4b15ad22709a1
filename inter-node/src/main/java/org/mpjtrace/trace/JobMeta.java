package org.mpjtrace.trace;

import java.util.Map;

/**
 * What a trace was made of: one per trace file.
 *
 * @param mode          tracing mode (dump, ...)
 * @param device        MPJ device as the ranks saw it (multicore or niodev), or "unknown"
 * @param worldSize     number of ranks in COMM_WORLD
 * @param startMillis   wall clock when rank 0 entered MPI.Init, ms since the epoch
 * @param endMillis     wall clock when rank 0 wrote the trace
 * @param mainClass     the application's main class, when known, else ""
 * @param agentOptions  the agent options in force (key to value)
 * @param tracerVersion mpjtrace version that wrote the file
 */
public record JobMeta(String mode, String device, int worldSize, long startMillis, long endMillis,
                      String mainClass, Map<String, String> agentOptions, String tracerVersion) {

    /** How long the traced run took: rank 0's MPI.Init to the trace written, in ms. */
    public long elapsedMillis() {
        return endMillis - startMillis;
    }
}
