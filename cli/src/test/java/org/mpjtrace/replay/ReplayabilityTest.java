package org.mpjtrace.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.fixtures.EventBuilder;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/** Which dumps replay refuses before any rank starts. */
class ReplayabilityTest {
    private static final long ORIGIN = 1_000_000_000L;

    @Test
    void callsWhoseArgumentsTheTraceKeepsAreReplayedAndAbortIsRefused() {
        EventBuilder gatherv = new EventBuilder(Op.GATHERV, 1, ORIGIN).count(2).comm(0).at(100, 200);
        EventBuilder create = new EventBuilder(Op.CREATE, 2, ORIGIN).comm(0).at(300, 400);
        EventBuilder merge = new EventBuilder(Op.MERGE, 3, ORIGIN).comm(1).at(500, 600);
        assertNull(Replayability.problem(dump(gatherv, create, merge)));
        assertEquals("it holds Abort, which cannot be replayed: replaying it would end the replay",
                Replayability.problem(dump(gatherv, new EventBuilder(Op.ABORT, 4, ORIGIN).at(700, 700))));
        assertEquals("it holds no calls to replay", Replayability.problem(dump()));
    }

    private static TraceFile dump(EventBuilder... events) {
        RankTrace rank = new RankTrace(0, "h", ORIGIN, events.length, EventBuilder.words(events), List.of(), List.of(), List.of(), RankStats.EMPTY);
        JobMeta meta = new JobMeta("dump", "multicore", 1, 0, 1, "Tour", Map.of(), "0.1.0");
        return new TraceFile(meta, List.of(), List.of(rank));
    }
}
