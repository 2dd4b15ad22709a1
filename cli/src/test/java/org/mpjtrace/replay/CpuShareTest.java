package org.mpjtrace.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.TraceMemory;
import org.mpjtrace.trace.fixtures.EventBuilder;

class CpuShareTest {
    private static final long SECOND = 1_000_000_000L;
    private static final long ORIGIN = SECOND;

    @Test
    void sixteenRanksOnTwoCoresCanHaveComputedAnEighthOfTheirSpanBetweenThem() {
        // A rank that spent 0.1 s of its 1 s in calls: at most 0.125 s of the other 0.9 s ran on a core.
        assertEquals(0.125 / 0.9, CpuShare.share(2, 16, SECOND, 9 * SECOND / 10), 1e-12);
    }

    @Test
    void noMoreRanksThanCoresLeavesEveryComputationOnACore() {
        assertEquals(1, CpuShare.share(2, 2, SECOND, SECOND));
        assertEquals(1, CpuShare.share(8, 4, SECOND, SECOND));
    }

    @Test
    void aRankThatComputedLittleOfItsSpanCanHaveComputedAllOfItOnItsShareOfTheCores() {
        // 4 ranks on 2 cores, half a core each; 0.3 s of a 1 s span computed: that fits in 0.5 s.
        assertEquals(1, CpuShare.share(2, 4, SECOND, 3 * SECOND / 10));
        assertEquals(0.5 / 0.8, CpuShare.share(2, 4, SECOND, 8 * SECOND / 10), 1e-12);
    }

    @Test
    void figuresThatSayNothingLeaveEveryComputationOnACore() {
        assertEquals(1, CpuShare.share(2, 16, 0, SECOND));
        assertEquals(1, CpuShare.share(2, 16, SECOND, 0));
        assertEquals(1, CpuShare.share(2, 16, SECOND, -5));
        assertEquals(1, CpuShare.share(0, 16, SECOND, SECOND));
    }

    /**
     * A dump of 8 ranks, four on each of two hosts: each rank's span (Init's end to Finalize, less the tracer's
     * set-up) is 1 s, 0.2 s of it in a Barrier, so it computed 0.8 s; with 2 cores a host, half a core a rank.
     */
    @Test
    void theRanksCountedAreThoseOnTheRanksOwnHostAndTheSpanLeavesOutTheTracersSetUp() {
        long setup = 50_000_000L;
        List<RankTrace> ranks = new ArrayList<>();
        for (int r = 0; r < 8; r++) {
            EventBuilder[] events = {
                    new EventBuilder(Op.INIT, 0, ORIGIN).comm(0).at(0, 1_000),
                    new EventBuilder(Op.BARRIER, 1, ORIGIN).comm(0).at(1_000 + setup + 400_000_000L, 1_000 + setup + 600_000_000L),
                    new EventBuilder(Op.FINALIZE, 2, ORIGIN).comm(0).at(1_000 + setup + SECOND, 2_000 + setup + SECOND)};
            ranks.add(new RankTrace(r, r < 4 ? "a" : "b", ORIGIN, events.length, EventBuilder.words(events), List.of(), List.of(), List.of(),
                    new RankStats(0, 0, 0, "", TraceMemory.NONE, setup)));
        }
        TraceFile dump = new TraceFile(new JobMeta("dump", "niodev", 8, 0, 1, "Tour", Map.of(), "0.1.0"), List.of(), ranks);
        assertEquals(0.5 / 0.8, CpuShare.of(dump, 5, 2), 1e-9);
        assertEquals(1, CpuShare.of(dump, 5, 4), "four cores for the four ranks of host b");
        // Whether the replay rebuilds its calls ahead: the ranks of the rank's own host, against the cores.
        assertEquals(false, CpuShare.coreEach(dump, 5, 3));
        assertEquals(true, CpuShare.coreEach(dump, 5, 4));
        assertEquals(true, CpuShare.coreEach(dump, 0, 4));
    }
}
