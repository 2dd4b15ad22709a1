package org.mpjtrace.cli.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SmallPartsTest {
    @TempDir
    Path dir;

    @Test
    void freshnessAllowsWholeSecondFileSystems() {
        assertTrue(ProducedTrace.writtenSince(10_500, 10_400));
        assertFalse(ProducedTrace.writtenSince(10_300, 10_400));
        // A file system with whole seconds stores 10.0 s for a write at 10.7 s after a start at 10.4 s.
        assertTrue(ProducedTrace.writtenSince(10_000, 10_400));
        assertFalse(ProducedTrace.writtenSince(9_000, 10_400));
    }

    @Test
    void daemonPortFromMpjConf() throws Exception {
        Files.createDirectories(dir.resolve("conf"));
        assertEquals(40055, MpjConf.daemonPort(dir));
        Files.writeString(dir.resolve("conf/mpjexpress.conf"), "# ports\nmpjexpress.mpjdaemon.port.1=41000\nmpjexpress.mpjdaemon.port.2=40052\n");
        assertEquals(41000, MpjConf.daemonPort(dir));
        Files.writeString(dir.resolve("conf/mpjexpress.conf"), "mpjexpress.mpjdaemon.port.1=lots\n");
        assertEquals(40055, MpjConf.daemonPort(dir));
    }

    @Test
    void listeningPortsSeesAServerSocket() throws Exception {
        assumeTrue(ListeningPorts.available(), "needs /proc/net/tcp");
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
            assertTrue(ListeningPorts.isListening(port));
        }
        assertFalse(ListeningPorts.isListening(port));
    }
}
