package org.mpjtrace.runtime.sink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.TracingMode;
import org.mpjtrace.trace.fold.TraceFolding;
import org.mpjtrace.trace.fold.TraceNode;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.io.GlobalCodec;
import org.mpjtrace.trace.ranks.RankSet;

/** A non-lead's calls since the last marker, kept raw and traced at Finalize when they were not its lead's. */
class ClusteringSinkIntervalTest {
    private static final int WORLD = org.mpjtrace.trace.fixtures.SyntheticStream.WORLD_SIZE;

    private static ClusteringSink sink() {
        return new ClusteringSink(5, WORLD, 0, TraceFolding.DEFAULT_WINDOW, TracingMode.CHAMELEON);
    }

    /** The same records through a lead's partial trace, and through a non-lead's kept calls traced at the end. */
    @Test
    void aNonLeadsKeptIntervalTracesToWhatALeadWouldHaveTraced() {
        long[] before = FoldBenchSupport.stencilRecords(30), during = FoldBenchSupport.stencilRecords(5, 4, 4, 40);
        ClusteringSink lead = sink(), nonLead = sink();
        for (ClusteringSink s : List.of(lead, nonLead)) for (int b = 0; b < before.length; b += Event.WORDS) s.append(before, b);
        lead.restart(true);
        nonLead.restart(false);
        for (ClusteringSink s : List.of(lead, nonLead)) {
            s.resumeAt(0, before[before.length - Event.WORDS + Event.W_EXIT] + 5_000); // the marker's work, not the program's
            for (int b = 0; b < during.length; b += Event.WORDS) s.append(during, b);
        }
        assertEquals(List.of(), nonLead.partialNodes(), "a non-lead holds no partial trace");
        assertTrue(nonLead.hasInterval());
        nonLead.traceKeptInterval();
        List<TraceNode> want = lead.partialNodes(), got = nonLead.partialNodes();
        assertFalse(want.isEmpty());
        // Equal as blocks of the file, byte for byte: the same loops, values and timing summaries.
        assertArrayEquals(GlobalCodec.encode(GlobalTrace.ofRanks(RankSet.single(5), want)), GlobalCodec.encode(GlobalTrace.ofRanks(RankSet.single(5), got)));
    }

    @Test
    void anIntervalLongerThanTheKeptRecordsIsNotKept() {
        ClusteringSink s = sink();
        s.restart(false);
        long[] w = FoldBenchSupport.stencilRecords(ClusteringSink.TAIL_RECORDS / 9 + 10);
        assertTrue(w.length / Event.WORDS > ClusteringSink.TAIL_RECORDS);
        for (int b = 0; b < w.length; b += Event.WORDS) s.append(w, b);
        assertFalse(s.hasInterval());
        s.restart(false);
        assertTrue(s.hasInterval(), "the next interval starts afresh");
    }
}
