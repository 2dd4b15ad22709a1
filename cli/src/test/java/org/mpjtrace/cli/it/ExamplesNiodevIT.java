package org.mpjtrace.cli.it;

import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every example under the agent on MPJ's niodev device (a JVM per rank, started by an MPJ daemon) on
 * loopback, 4 ranks, with a daemon the test starts and stops ({@link NiodevDaemon}).
 */
@ExtendWith(NiodevDaemon.class)
class ExamplesNiodevIT {

    @ParameterizedTest(name = "{0} on 4 ranks (niodev)")
    @EnumSource(Examples.class)
    void fourRanks(Examples ex) {
        ExampleChecks.traceMatchesTheProgramsOwnCallsAndOutputIsUnchanged(ex, 4, "niodev", NiodevDaemon.machines());
    }
}
