package org.mpjtrace.runtime.rank;

/**
 * The JMX face of {@link TracingSwitch} ({@code org.mpjtrace:type=Tracing} in the platform MBean server):
 * jconsole, VisualVM or a script can pause and resume tracing of a running job, every rank of this JVM.
 */
public interface TracingSwitchMBean {
    void pause();

    void resume();

    boolean isPaused();
}
