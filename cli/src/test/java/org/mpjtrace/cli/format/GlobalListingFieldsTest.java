package org.mpjtrace.cli.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fixtures.EventBuilder;
import org.mpjtrace.trace.fold.EventRecords;
import org.mpjtrace.trace.fold.TraceFolding;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.global.TraceMerge;

/**
 * Which parameters a compressed trace's listing shows: a peer that is the rank to the left ({@code r-1},
 * stored as offset -1) was taken for "no value" (NONE is -1) and dropped; a field unused by every call of
 * a loop printed as {@code [2*[-1]]}, and a value constant in a loop as {@code [2*[7]]}; a Shift's
 * displacement, Split's colour and key and Abort's code of -1 are values, and what an op does not have is
 * never shown ({@code FieldSchema}); datatypes print by name.
 */
class GlobalListingFieldsTest {
    private static final int WORLD = 4;
    private static final List<CallSite> SITES = List.of(new CallSite(0, "Ring", "main", 10, 0, "mpi.Comm.Recv", 1),
            new CallSite(1, "Ring", "main", 11, 0, "mpi.Cartcomm.Shift", 2));

    /** Each rank: 2 x (Recv from the rank to its left, Shift by -1). */
    private static GlobalTrace rank(int r) {
        TraceFolding folding = new TraceFolding(TraceFolding.DEFAULT_WINDOW);
        long[] w = EventBuilder.words(
                new EventBuilder(Op.RECV, 0, 0).peer((r + WORLD - 1) % WORLD).tag(7).count(1).type(0).comm(0).stack(1),
                new EventBuilder(Op.SHIFT, 1, 0).peer(0).count(-1).comm(1).peer2((r + 1) % WORLD).tag2((r + WORLD - 1) % WORLD).stack(2),
                new EventBuilder(Op.RECV, 0, 0).peer((r + WORLD - 1) % WORLD).tag(7).count(1).type(0).comm(0).stack(1),
                new EventBuilder(Op.SHIFT, 1, 0).peer(0).count(-1).comm(1).peer2((r + 1) % WORLD).tag2((r + WORLD - 1) % WORLD).stack(2));
        for (int i = 0; i < 4; i++) folding.append(EventRecords.toNode(w, RankTrace.base(i), r, WORLD, 0));
        return GlobalTrace.ofRank(r, folding.nodes());
    }

    /** Each rank: Split with MPI.UNDEFINED and key -1, a Barrier whose unused slots hold numbers, Abort with code -1. */
    private static GlobalTrace ending(int r) {
        TraceFolding folding = new TraceFolding(TraceFolding.DEFAULT_WINDOW);
        long[] w = EventBuilder.words(
                new EventBuilder(Op.SPLIT, 1, 0).color(-1).key(-1).comm(0).result(1).stack(2),
                new EventBuilder(Op.BARRIER, 1, 0).count(3).tag(5).comm(0).stack(2),
                new EventBuilder(Op.ABORT, 1, 0).tag(-1).comm(0).stack(2));
        for (int i = 0; i < 3; i++) folding.append(EventRecords.toNode(w, RankTrace.base(i), r, WORLD, 0));
        return GlobalTrace.ofRank(r, folding.nodes());
    }

    private static String listing() {
        return listing(GlobalListingFieldsTest::rank);
    }

    private static String listing(java.util.function.IntFunction<GlobalTrace> rankTrace) {
        GlobalTrace g = rankTrace.apply(0);
        for (int r = 1; r < WORLD; r++) g = TraceMerge.merge(g, rankTrace.apply(r));
        List<RankTrace> ranks = new java.util.ArrayList<>();
        for (int r = 0; r < WORLD; r++)
            ranks.add(new RankTrace(r, "node", 0, 0, new long[0], List.of(), List.of(new DatatypeInfo(0, 8, 8, 1)), List.of(), RankStats.EMPTY));
        TraceFile trace = new TraceFile(new JobMeta("full", "multicore", WORLD, 0, 1, "Ring", java.util.Map.of(), "0.1.0"), SITES, ranks,
                List.of(), g);
        StringWriter out = new StringWriter();
        new GlobalListing(trace, new PrintWriter(out, true)).print(g);
        return out.toString();
    }

    @Test
    void aPeerOfRMinusOneIsShownAndUnusedFieldsAreNot() {
        List<String> lines = listing().lines().toList();
        assertEquals(List.of(
                "global trace: 4 ranks <1 0 4 1>, 3 nodes",
                "   0   loop 2x",
                "   1     Recv  Ring.main:10 peer=r-1 tag=7 count=1 type=DOUBLE comm=0 compute=0.000us in=0.000us",
                "   2     Shift  Ring.main:11 direction=0 disp=-1 comm=1 source=r+1 dest=r-1 compute=0.000us in=0.000us"), lines);
    }

    @Test
    void minusOneIsShownWhereItIsTheProgramsAndFieldsTheOpDoesNotHaveNeverAre() {
        List<String> lines = listing(GlobalListingFieldsTest::ending).lines().toList();
        assertEquals(List.of(
                "global trace: 4 ranks <1 0 4 1>, 3 nodes",
                "   0   Split  Ring.main:11 comm=0 color=-1 key=-1 newcomm=1 compute=0.000us in=0.000us",
                "   1   Barrier  Ring.main:11 comm=0 compute=0.000us in=0.000us",
                "   2   Abort  Ring.main:11 code=-1 comm=0 compute=0.000us in=0.000us"), lines);
    }
}
