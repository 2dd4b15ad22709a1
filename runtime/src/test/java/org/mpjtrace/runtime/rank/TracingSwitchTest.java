package org.mpjtrace.runtime.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.mpjtrace.runtime.config.TracerConfig;

/** The JVM-wide switch, as jconsole reaches it: the MBean org.mpjtrace:type=Tracing. */
class TracingSwitchTest {
    @Test
    void theMBeanPausesAndResumesTheTracerOfThisJvm() throws Exception {
        Tracer tracer = Tracer.start(TracerConfig.parse("mode=full"));
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = new ObjectName(TracingSwitch.NAME);
        assertTrue(tracer.tracingSwitch().register());
        try {
            assertEquals(Boolean.FALSE, server.getAttribute(name, "Paused"));
            server.invoke(name, "pause", new Object[0], new String[0]);
            assertTrue(tracer.paused);
            assertTrue(tracer.tracingSwitch().pausedSince() > 0);
            server.invoke(name, "resume", new Object[0], new String[0]);
            assertFalse(tracer.paused);
            assertEquals(-1, tracer.tracingSwitch().pausedSince());
        } finally {
            server.unregisterMBean(name);
        }
    }
}
