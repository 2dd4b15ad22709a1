package org.mpjtrace.cli.it;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mpjtrace.cli.job.Installation;
import org.mpjtrace.cli.job.LocalDaemon;

/**
 * Every example under the agent on MPJ's niodev device (a JVM per rank, started by an MPJ daemon) on
 * loopback, 4 ranks. The test starts the daemon and stops it.
 */
class ExamplesNiodevIT {
    private static LocalDaemon daemon;

    @TempDir
    Path dir;

    @BeforeAll
    static void startDaemon() throws Exception {
        daemon = LocalDaemon.start(Installation.fromEnvironment().mpjHome(), new PrintWriter(new StringWriter()), Duration.ofSeconds(90));
    }

    @AfterAll
    static void stopDaemon() {
        if (daemon != null) daemon.close();
    }

    @ParameterizedTest(name = "{0} on 4 ranks (niodev)")
    @EnumSource(Examples.class)
    void fourRanks(Examples ex) {
        ExampleChecks.traceMatchesTheProgramsOwnCallsAndOutputIsUnchanged(ex, 4, "niodev", daemon.machinesFile(), dir);
    }
}
