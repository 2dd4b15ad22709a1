package org.mpjtrace.api;

import org.mpjtrace.runtime.Probe;

/**
 * Turns tracing off and on from the program, around set-up or a phase not worth tracing, without
 * touching its MPJ calls: {@code Tracing.pause()} ... {@code Tracing.resume()}, on any thread of a rank,
 * for that rank. While paused the rank records no call; its markers still act, so the clustering modes
 * go on working; its section of the trace keeps each paused span, and the first call after one counts
 * its compute time from the resume. The same switch for every rank of a JVM is the tracer's MBean
 * {@code org.mpjtrace:type=Tracing} (jconsole, VisualVM).
 *
 * <p>Without the agent every method does nothing and {@link #isPaused} says false: the class comes
 * with the agent jar (tracer.jar); compile against it and keep it on the class path of untraced runs.
 */
public final class Tracing {
    private Tracing() {}

    /** Stops recording the calling rank's calls until {@link #resume}; a pause while paused does nothing. */
    public static void pause() {
        Probe.pause();
    }

    /** Records the calling rank's calls again; a resume while not paused does nothing. */
    public static void resume() {
        Probe.resume();
    }

    /** Whether the calling rank's tracing is paused now (false without the agent). */
    public static boolean isPaused() {
        return Probe.paused();
    }
}
