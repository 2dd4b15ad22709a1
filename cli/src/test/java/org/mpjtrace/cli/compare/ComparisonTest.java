package org.mpjtrace.cli.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.fixtures.EventBuilder;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

class ComparisonTest {

    private static EventBuilder ev(Op op) {
        return new EventBuilder(op, 0, 0);
    }

    private static RankTrace rank(int rank, EventBuilder... events) {
        return new RankTrace(rank, "h", 0, events.length, EventBuilder.words(events), List.of(new CommInfo(0, "Intracomm", 2, rank)),
                List.of(new DatatypeInfo(0, 5, 4, 1)), List.of(), RankStats.EMPTY);
    }

    private static TraceFile dump(long millis, RankTrace... ranks) {
        return new TraceFile(new JobMeta("dump", "multicore", ranks.length, 0, millis, "X", Map.of(), "0.1.0"), List.of(), List.of(ranks));
    }

    private static TraceFile reference() {
        return dump(1000,
                rank(0, ev(Op.SEND).peer(1).tag(7).count(10), ev(Op.RECV).peer(1).tag(7).count(10), ev(Op.ALLREDUCE).count(2)),
                rank(1, ev(Op.RECV).peer(0).tag(7).count(10), ev(Op.SEND).peer(0).tag(7).count(10), ev(Op.ALLREDUCE).count(2)));
    }

    @Test
    void aTraceMatchesItselfEntirely() {
        Comparison c = Comparison.of(reference(), reference());
        assertEquals(100, c.count());
        assertEquals(100, c.events());
        assertEquals(100, c.src());
        assertEquals(100, c.dest());
        assertEquals(100, c.tag());
        assertEquals(100, c.comm());
        assertTrue(Double.isNaN(c.loop()), "dumps have no loops");
    }

    @Test
    void aMessageOrCollectiveOnAnotherCommunicatorCountsUnderComm() {
        // Rank 1 receives on communicator 1 where A has COMM_WORLD (0); everything else alike.
        TraceFile b = dump(1000,
                rank(0, ev(Op.SEND).peer(1).tag(7).count(10), ev(Op.RECV).peer(1).tag(7).count(10), ev(Op.ALLREDUCE).count(2)),
                rank(1, ev(Op.RECV).peer(0).tag(7).count(10).comm(1), ev(Op.SEND).peer(0).tag(7).count(10), ev(Op.ALLREDUCE).count(2)));
        Comparison c = Comparison.of(reference(), b);
        assertEquals(100.0 * 5 / 6, c.comm(), 1e-9, "one call of six on another communicator");
        assertEquals(100, c.tag());
        StringWriter text = new StringWriter();
        c.print(new PrintWriter(text, true));
        assertTrue(text.toString().contains("COMM        83.33%  (5 of 6)"), text.toString());
    }

    @Test
    void eachParameterCountsWhereTheCallsDiffer() {
        TraceFile b = dump(950,
                rank(0, ev(Op.SEND).peer(1).tag(7).count(11), ev(Op.RECV).peer(1).tag(7).count(10), ev(Op.ALLREDUCE).count(2)),
                rank(1, ev(Op.RECV).peer(0).tag(7).count(10), ev(Op.SEND).peer(0).tag(8).count(10)));
        Comparison c = Comparison.of(reference(), b);
        assertEquals(100.0 * 4 / 6, c.count(), 1e-9, "rank 0's Send count differs; rank 1's Allreduce is missing");
        assertEquals(100.0 * 5 / 6, c.events(), 1e-9);
        assertEquals(100, c.src());
        assertEquals(100, c.dest());
        assertEquals(75, c.tag(), 1e-9, "one tag of four differs");

        StringWriter text = new StringWriter();
        c.print(new PrintWriter(text, true));
        assertTrue(text.toString().contains("COUNT       66.67%  (4 of 6)"), text.toString());
        assertTrue(text.toString().contains("# EVENTS    83.33%  (5 of 6 calls"), text.toString());
    }

    @Test
    void peersCompareRelativeToTheRank() {
        // Rank 1 sends to itself + 1 - 2 = rank 0 in A; to rank 1 (itself) in B: DEST differs; SRC the same.
        TraceFile b = dump(1000,
                rank(0, ev(Op.SEND).peer(1).tag(7).count(10), ev(Op.RECV).peer(1).tag(7).count(10), ev(Op.ALLREDUCE).count(2)),
                rank(1, ev(Op.RECV).peer(0).tag(7).count(10), ev(Op.SEND).peer(1).tag(7).count(10), ev(Op.ALLREDUCE).count(2)));
        Comparison c = Comparison.of(reference(), b);
        assertEquals(50, c.dest(), 1e-9);
        assertEquals(100, c.src());
    }

    @Test
    void accuracyIsOneMinusTheRelativeDifference() {
        assertEquals(95, Comparison.accuracy(2.0, 2.1), 1e-9);
        assertEquals(95, Comparison.accuracy(2.0, 1.9), 1e-9);
        assertEquals(100, Comparison.accuracy(3.0, 3.0), 1e-9);
    }

    @Test
    void tracesOfDifferentRankCountsAreRefused() {
        TraceFile one = dump(10, rank(0, ev(Op.BARRIER)));
        assertThrows(IllegalArgumentException.class, () -> Comparison.of(reference(), one));
    }

    @Test
    void percentagesNeverRoundToAllOrNothing() {
        assertEquals("99.99", Comparison.fixed(99.999));
        assertEquals("0.01", Comparison.fixed(0.001));
        assertEquals("100.00", Comparison.fixed(100));
    }
}
