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
 * @param mainClass     the job's main class (whose main(String[]) the rank calling MPI.Init ran in), when
 *                      known, else ""
 * @param agentOptions  the agent options in force (key to value)
 * @param tracerVersion mpjtrace version that wrote the file
 * @param ending        how the job ended: {@link #AT_FINALIZE}, {@link #RUNNING} for a trace written at a
 *                      marker while the job ran, or what ended it first ({@link #before})
 * @param initClass     the class whose code called MPI.Init (a helper of the main class, or the main class
 *                      itself), when known, else ""
 * @param attachedMillis wall clock when {@code mpjtrace attach} loaded the tracer into the running job, ms
 *                      since the epoch; 0 for a job traced from its start. An attached trace holds the calls
 *                      from then on, and {@code startMillis} is rank 0's first one.
 */
public record JobMeta(String mode, String device, int worldSize, long startMillis, long endMillis,
                      String mainClass, Map<String, String> agentOptions, String tracerVersion, String ending, String initClass,
                      long attachedMillis) {

    /** A class not known is "", as documented: a file whose string reads as none (a damaged length) gives "" too. */
    public JobMeta {
        mainClass = mainClass == null ? "" : mainClass;
        initClass = initClass == null ? "" : initClass;
    }

    /** The job reached MPI.Finalize: the trace holds every call. */
    public static final String AT_FINALIZE = "MPI.Finalize";
    /** A clustering mode's trace, rewritten at a marker while the job ran on. */
    public static final String RUNNING = "running";

    /** A job traced from its start. */
    public JobMeta(String mode, String device, int worldSize, long startMillis, long endMillis,
                   String mainClass, Map<String, String> agentOptions, String tracerVersion, String ending, String initClass) {
        this(mode, device, worldSize, startMillis, endMillis, mainClass, agentOptions, tracerVersion, ending, initClass, 0);
    }

    /** A job traced from its start that reached MPI.Finalize. */
    public JobMeta(String mode, String device, int worldSize, long startMillis, long endMillis,
                   String mainClass, Map<String, String> agentOptions, String tracerVersion) {
        this(mode, device, worldSize, startMillis, endMillis, mainClass, agentOptions, tracerVersion, AT_FINALIZE, mainClass);
    }

    /** The ending of a job that {@code what} (e.g. "exit", "SIGTERM") ended before MPI.Finalize. */
    public static String before(String what) {
        return what + " before MPI.Finalize";
    }

    /** This metadata with another ending. */
    public JobMeta endedBy(String how) {
        return new JobMeta(mode, device, worldSize, startMillis, endMillis, mainClass, agentOptions, tracerVersion, how, initClass,
                attachedMillis);
    }

    /** Whether the tracer was attached to the job while it ran: the trace lacks the calls before. */
    public boolean attached() {
        return attachedMillis != 0;
    }

    /** How long the traced run took: rank 0's MPI.Init to the trace written, in ms. */
    public long elapsedMillis() {
        return endMillis - startMillis;
    }
}
