package org.mpjtrace.trace.global;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.RankCalls;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.ranks.RankSet;

/** A cluster lead's trace standing for its whole cluster. */
class GlobalTraceOfRanksTest {
    private static final int SIZE = 8;
    /** The interior ranks of the chain: all have two neighbours, so they call alike relative to themselves. */
    private static final RankSet INTERIOR = RankSet.range(1, SIZE - 2, 1);

    private static RankCalls interval(int rank) {
        return RankCalls.haloInterval(rank, SIZE, 20, 32, 500);
    }

    @Test
    void everyNodeAndValueBelongsToTheWholeCluster() {
        GlobalTrace t = GlobalTrace.ofRanks(INTERIOR, interval(3).folded());
        assertEquals(INTERIOR, t.ranks());
        assertAllOf(t.nodes(), INTERIOR);
    }

    private static void assertAllOf(List<GlobalNode> nodes, RankSet ranks) {
        for (GlobalNode n : nodes) {
            assertEquals(ranks, n.ranks());
            if (n instanceof GlobalEvent e) {
                for (Field f : Field.ALL) assertOneAlternativeOf(e.field(f), ranks);
            } else {
                GlobalLoop l = (GlobalLoop) n;
                assertOneAlternativeOf(l.counts(), ranks);
                assertAllOf(l.body(), ranks);
            }
        }
    }

    private static void assertOneAlternativeOf(Alternatives<ValueSeq> values, RankSet ranks) {
        assertEquals(1, values.list().size());
        assertEquals(ranks, values.list().get(0).ranks());
    }

    @Test
    void expandingForAMemberGivesTheLeadsCallsTransposedToIt() {
        GlobalTrace t = GlobalTrace.ofRanks(INTERIOR, interval(3).folded());
        INTERIOR.forEach(r -> ExpandedRecords.assertSame(interval(r).withoutTimes(), ExpandedRecords.of(t, r), "rank " + r));
        assertTrue(ExpandedRecords.of(t, 0).isEmpty(), "a rank outside the cluster runs nothing of it");
    }

    @Test
    void aRanksOwnTraceIsTheTraceOfItsSingleRank() {
        GlobalTrace t = GlobalTrace.ofRank(0, interval(0).folded());
        assertEquals(RankSet.single(0), t.ranks());
        assertAllOf(t.nodes(), RankSet.single(0));
        ExpandedRecords.assertSame(interval(0).withoutTimes(), ExpandedRecords.of(t, 0), "rank 0");
    }

    @Test
    void itStandsForEveryMembersCalls() {
        List<org.mpjtrace.trace.fold.TraceNode> lead = interval(3).folded();
        long leadCalls = GlobalTrace.ofRank(3, lead).calls();
        GlobalTrace t = GlobalTrace.ofRanks(INTERIOR, lead);
        assertEquals(leadCalls * INTERIOR.size(), t.calls());
        GlobalEvent first = (GlobalEvent) t.nodes().stream().filter(n -> n instanceof GlobalEvent).findFirst().orElseThrow();
        GlobalEvent own = (GlobalEvent) GlobalTrace.ofRank(3, lead).nodes().stream().filter(n -> n instanceof GlobalEvent).findFirst().orElseThrow();
        assertEquals(own.inside().mean(), first.inside().mean(), 1e-9, "the lead's times, counted once per member");
        assertEquals(own.inside().max(), first.inside().max());
    }

    @Test
    void withAbsolutePeersEveryMemberTalksToTheRanksTheLeadTalkedTo() {
        List<org.mpjtrace.trace.fold.TraceNode> lead = interval(3).folded();
        GlobalTrace t = GlobalTrace.ofRanksWithAbsolutePeers(INTERIOR, 3, org.mpjtrace.trace.fold.RankCalls.WORLD_SIZE, lead);
        List<long[]> leadCalls = ExpandedRecords.of(GlobalTrace.ofRank(3, lead), 3);
        INTERIOR.forEach(r -> {
            List<long[]> calls = ExpandedRecords.of(t, r);
            assertEquals(leadCalls.size(), calls.size());
            for (int i = 0; i < calls.size(); i++)
                assertEquals(org.mpjtrace.trace.Event.peer(leadCalls.get(i), 0), org.mpjtrace.trace.Event.peer(calls.get(i), 0), "rank " + r + " call " + i);
        });
    }

    @Test
    void absolutePeersLeaveSentinelsAlone() {
        org.mpjtrace.trace.fold.ValueSeq s = new org.mpjtrace.trace.fold.ValueSeq();
        s.append(org.mpjtrace.trace.fold.RelativePeers.encode(5, 3, 16));
        s.append(org.mpjtrace.trace.fold.RelativePeers.encode(-2, 3, 16)); // ANY_SOURCE
        s.append(org.mpjtrace.trace.fold.RelativePeers.encode(0, 3, 16));
        org.mpjtrace.trace.fold.ValueSeq a = org.mpjtrace.trace.fold.RelativePeers.absolute(s, 3, 16);
        org.mpjtrace.trace.fold.ValueSeq.Cursor c = a.cursor();
        for (long want : new long[] {5, -2, 0}) {
            long v = c.next();
            assertEquals(want, org.mpjtrace.trace.fold.RelativePeers.decode(v, 11, 16), "decoded for any rank");
            assertEquals(want >= 0, org.mpjtrace.trace.fold.RelativePeers.isAbsolute(v));
        }
    }

    @Test
    void aTraceOfNoRanksIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> GlobalTrace.ofRanks(RankSet.empty(), interval(0).folded()));
    }
}
