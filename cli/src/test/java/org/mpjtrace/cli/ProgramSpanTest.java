package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.cli.profile.Profile;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.TraceMemory;

/** The program's span of a rank (what replay and proxy set their times against): its calls' MPI.Init to MPI.Finalize, less the tracer's set-up where the times hold it. */
class ProgramSpanTest {

    @Test
    void aDumpsSpanIsInitsExitToFinalizesEnterLessTheSetUpItsOwnTimesHold() {
        RankTrace r0 = TestTraces.rank(0, 1, new RankStats(0, 0, 0, "", TraceMemory.NONE, 1_000),
                TestTraces.ev(Op.INIT, 0).comm(0).at(0, 100),
                TestTraces.ev(Op.SEND, 1).peer(0).tag(1).count(1).type(TestTraces.INT).comm(0).at(2_000, 3_000),
                TestTraces.ev(Op.FINALIZE, 4).at(10_000, 11_000));
        TraceFile trace = new TraceFile(TestTraces.meta(1), TestTraces.SITES, List.of(r0));
        assertEquals(9_900, Profile.timesOf(trace, r0).appNanos());
        assertEquals(8_900, Profile.programSpan(trace, r0, Profile.timesOf(trace, r0)));
    }
}
