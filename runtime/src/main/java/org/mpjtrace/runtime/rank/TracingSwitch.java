package org.mpjtrace.runtime.rank;

import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * Pauses and resumes tracing of every rank of this JVM (Pilgrim's MPI_Info switch, Score-P's recording
 * on and off): while paused, a rank records no call, but its markers still act (votes, clusterings and
 * merges need every rank), and on resume its next call's compute time counts from then. Each rank keeps
 * the spans it was paused ({@link PauseSpans}), which its section of the trace records.
 * Reached from the application through {@code org.mpjtrace.api.Tracing} (the agent jar) or JMX, under
 * {@link #NAME}; both are JVM-wide, so in multicore mode one rank's pause pauses all.
 */
public final class TracingSwitch implements TracingSwitchMBean {
    /** Where it is registered; {@code org.mpjtrace.api.Tracing} looks it up under this name. */
    public static final String NAME = "org.mpjtrace:type=Tracing";

    private final Tracer tracer;
    /** When the pause going on began; meaningful while {@code tracer.paused}, the one flag the ranks read. */
    private long pausedAt;

    TracingSwitch(Tracer tracer) {
        this.tracer = tracer;
    }

    /** Registers the switch in the platform MBean server; false when it cannot (the tracer runs on without it). */
    boolean register() {
        try {
            ManagementFactory.getPlatformMBeanServer().registerMBean(this, new ObjectName(NAME));
            return true;
        } catch (JMException | RuntimeException e) {
            return false;
        }
    }

    @Override
    public synchronized void pause() {
        if (tracer.paused) return;
        pausedAt = System.nanoTime();
        tracer.paused = true;
    }

    @Override
    public synchronized void resume() {
        if (!tracer.paused) return;
        long now = System.nanoTime();
        tracer.paused = false;
        for (RankContext ctx : tracer.ranks) ctx.resumedAfterPause(pausedAt, now);
    }

    @Override
    public synchronized boolean isPaused() {
        return tracer.paused;
    }

    /** When the pause going on began, or -1 when tracing is not paused. */
    synchronized long pausedSince() {
        return tracer.paused ? pausedAt : -1;
    }
}
