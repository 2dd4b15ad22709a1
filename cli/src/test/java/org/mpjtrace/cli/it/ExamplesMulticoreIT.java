package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every example under the agent in multicore mode (ranks are threads of one JVM), at 4 and 16 ranks. */
class ExamplesMulticoreIT {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} on 4 ranks")
    @EnumSource(Examples.class)
    void fourRanks(Examples ex) {
        ExampleChecks.traceMatchesTheProgramsOwnCallsAndOutputIsUnchanged(ex, 4, "multicore", null, dir);
    }

    @ParameterizedTest(name = "{0} on 16 ranks")
    @EnumSource(Examples.class)
    void sixteenRanks(Examples ex) {
        assumeTrue(ex.runsOn(16), "written for 4 ranks");
        ExampleChecks.traceMatchesTheProgramsOwnCallsAndOutputIsUnchanged(ex, 16, "multicore", null, dir);
    }
}
