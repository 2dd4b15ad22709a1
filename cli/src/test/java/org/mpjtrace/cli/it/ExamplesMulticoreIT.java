package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
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
        ExampleChecks.traceMatchesTheProgramsOwnCallsAndOutputIsUnchanged(ex, 4, "multicore", null);
    }

    /** A 64-record ring fills constantly: producers wait for the fold thread, and nothing is lost. */
    @org.junit.jupiter.api.Test
    void tinyRingsLoseNothing() {
        Path trace = dir.resolve("tiny-ring.mpjt");
        MpjJobs.Run run = MpjJobs.run("Stencil2D", 16, "multicore", null, trace, "ringSize=64", List.of("steps=200", "--calls"));
        MpjJobs.assertSucceeded(run);
        assertEquals(CallLists.printed(run.out()), CallLists.traced(run.result().trace()));
    }

    @ParameterizedTest(name = "{0} on 16 ranks")
    @EnumSource(Examples.class)
    void sixteenRanks(Examples ex) {
        assumeTrue(ex.runsOn(16), "written for 4 ranks");
        ExampleChecks.traceMatchesTheProgramsOwnCallsAndOutputIsUnchanged(ex, 16, "multicore", null);
    }
}
