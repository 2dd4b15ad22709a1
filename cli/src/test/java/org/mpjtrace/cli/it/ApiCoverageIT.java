package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.FieldSchema;

/** ApiTour calls every intercepted MPJ method: each must be in the trace with its parameters. */
class ApiCoverageIT {
    /** The classes of ApiTour that make MPJ calls: ApiTour itself and its parts, one per family of the API. */
    private static final List<String> TOUR = List.of("ApiTour", "ApiTourPointToPoint", "ApiTourRequests",
            "ApiTourCollectives", "ApiTourCommunicators", "ApiTourPacking");
    private static TraceFile trace;
    private static Path tracePath;
    /** One event of each op seen: its rank's trace and its index. */
    private static final Map<Op, int[]> FIRST = new EnumMap<>(Op.class);

    @BeforeAll
    static void traceApiTour(@TempDir Path dir) {
        tracePath = dir.resolve("tour.mpjt");
        MpjJobs.Run run = MpjJobs.run("ApiTour", 4, "multicore", null, tracePath, null, List.of());
        MpjJobs.assertSucceeded(run);
        trace = run.result().trace();
        for (RankTrace r : trace.ranks())
            for (int i = 0; i < r.eventCount(); i++)
                FIRST.putIfAbsent(Op.ofCode(Event.opCode(r.words(), RankTrace.base(i))), new int[] {r.rank(), i});
    }

    @Test
    void everyOpButAbortIsRecorded() {
        EnumSet<Op> missing = EnumSet.allOf(Op.class);
        missing.removeAll(FIRST.keySet());
        assertEquals(EnumSet.of(Op.ABORT), missing, "Abort ends the job; everything else must be there");
    }

    /**
     * The model's schema against what the agent and the recorder really write, call by call: a field the
     * schema says an op does not have holds the filler (so the schema hides nothing the probe recorded),
     * and every field it says an op always has holds a value other than the filler in some call.
     */
    @Test
    void everyRecordedFieldIsOneTheSchemaGivesItsOp() {
        Map<Op, EnumSet<Field>> filled = new EnumMap<>(Op.class);
        for (RankTrace r : trace.ranks())
            for (int i = 0; i < r.eventCount(); i++) {
                int b = RankTrace.base(i);
                Op op = Op.ofCode(Event.opCode(r.words(), b));
                for (Field f : Field.ALL) {
                    long v = f.read(r.words(), b);
                    if (FieldSchema.use(op, f) == FieldSchema.Use.UNUSED)
                        assertEquals(FieldSchema.absent(f), v, op + " " + f + " is not in the schema but rank " + r.rank() + " call " + i + " holds " + v);
                    else if (v != FieldSchema.absent(f))
                        filled.computeIfAbsent(op, o -> EnumSet.noneOf(Field.class)).add(f);
                }
            }
        for (Op op : FIRST.keySet())
            for (Field f : Field.ALL)
                if (FieldSchema.use(op, f) == FieldSchema.Use.ALWAYS)
                    assertTrue(filled.getOrDefault(op, EnumSet.noneOf(Field.class)).contains(f), op + " " + f + " is never filled");
    }

    @Test
    void decodeShowsEveryOpWithItsCallSite() {
        java.io.StringWriter out = new java.io.StringWriter();
        picocli.CommandLine cli = org.mpjtrace.cli.Main.newCommandLine();
        cli.setOut(new java.io.PrintWriter(out, true));
        assertEquals(0, cli.execute("decode", tracePath.toString()));
        String text = out.toString();
        for (Op op : FIRST.keySet())
            assertTrue(java.util.regex.Pattern.compile("(?m)^\\s*\\d+\\s+" + op.mpjName + "\\s+(?:" + String.join("|", TOUR) + ")\\.\\w+:\\d+")
                    .matcher(text).find(),
                    op.mpjName + " missing from decode output");
    }

    @Test
    void everyEventNamesARealCallSiteInTheProgram() {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (RankTrace r : trace.ranks())
            for (int i = 0; i < r.eventCount(); i++) {
                var site = trace.site(Event.site(r.words(), RankTrace.base(i)));
                assertNotNull(site);
                assertTrue(TOUR.stream().anyMatch(c -> site.className().equals("org.mpjtrace.examples." + c)), site.toString());
                assertTrue(site.line() > 0, site.toString());
                seen.add(site.className());
            }
        assertEquals(TOUR.size(), seen.size(), "every class of the tour makes calls: " + seen);
    }

    @Test
    void pointToPointCallsCarryPeerTagCountAndDatatype() {
        for (Op op : List.of(Op.SEND, Op.SSEND, Op.BSEND, Op.RSEND, Op.ISEND, Op.IBSEND, Op.ISSEND, Op.IRSEND, Op.RECV,
                Op.IRECV, Op.SEND_INIT, Op.BSEND_INIT, Op.SSEND_INIT, Op.RSEND_INIT, Op.RECV_INIT)) {
            RankTrace r = rankOf(op);
            int b = baseOf(op);
            assertTrue(Event.peer(r.words(), b) >= 0 && Event.peer(r.words(), b) < 4, op + " peer");
            assertTrue(Event.count(r.words(), b) > 0, op + " count");
            assertNotEquals(Event.NONE, Event.tag(r.words(), b), op + " tag");
            assertNotNull(r.datatype(Event.datatype(r.words(), b)), op + " datatype");
            assertNotNull(r.comm(Event.comm(r.words(), b)), op + " communicator");
        }
        for (Op op : List.of(Op.ISEND, Op.IRECV, Op.SEND_INIT, Op.RECV_INIT))
            assertTrue(Event.request(rankOf(op).words(), baseOf(op)) >= 0, op + " returns a request with an id");
        RankTrace r = rankOf(Op.SENDRECV);
        int b = baseOf(Op.SENDRECV);
        assertTrue(Event.peer2(r.words(), b) >= 0 && Event.count2(r.words(), b) > 0, "Sendrecv's receive side");
    }

    /**
     * ApiTour's Send of two Contiguous(4, INT) elements (tag 14) moves 32 bytes, and its Recv as many: MPJ's
     * getByteSize() of the type (16) already counts its four INTs, which its Size() (4) counts again.
     */
    @Test
    void aDerivedDatatypesCallMovesItsCountTimesMpjsByteSizeOfTheType() {
        int found = 0;
        for (RankTrace r : trace.ranks())
            for (int i = 0; i < r.eventCount(); i++) {
                int b = RankTrace.base(i);
                int op = Event.opCode(r.words(), b);
                if (Event.tag(r.words(), b) != 14 || op != Op.SEND.code && op != Op.RECV.code) continue;
                assertEquals(32, org.mpjtrace.cli.format.EventBytes.of(r, b), Op.ofCode(op) + " of rank " + r.rank());
                found++;
            }
        assertEquals(4, found, "two Sends and two Recvs of the derived type");
    }

    @Test
    void collectivesCarryRootsCountsAndReductionOps() {
        for (Op op : List.of(Op.BCAST, Op.REDUCE, Op.GATHER, Op.GATHERV, Op.SCATTER, Op.SCATTERV))
            assertTrue(Event.peer(rankOf(op).words(), baseOf(op)) >= 0, op + " root");
        for (Op op : List.of(Op.REDUCE, Op.ALLREDUCE, Op.SCAN, Op.REDUCE_SCATTER))
            assertNotNull(rankOf(op).redop(Event.redop(rankOf(op).words(), baseOf(op))), op + " reduction op");
        for (Op op : List.of(Op.GATHERV, Op.SCATTERV, Op.ALLGATHERV, Op.ALLTOALLV))
            assertNotEquals(0, Event.digest(rankOf(op).words(), baseOf(op)), op + " digest of its count arrays");
        for (Op op : List.of(Op.ALLTOALLV, Op.REDUCE_SCATTER, Op.ALLGATHER, Op.ALLTOALL, Op.SCAN))
            assertTrue(Event.count(rankOf(op).words(), baseOf(op)) > 0, op + " count");
    }

    @Test
    void completionCallsCountTheirRequests() {
        for (Op op : List.of(Op.WAITALL, Op.WAITANY, Op.WAITSOME, Op.TESTALL, Op.TESTANY, Op.TESTSOME, Op.STARTALL))
            assertTrue(Event.count(rankOf(op).words(), baseOf(op)) > 0, op + " names its requests");
        for (Op op : List.of(Op.WAIT, Op.TEST, Op.CANCEL, Op.START))
            assertEquals(1, Event.count(rankOf(op).words(), baseOf(op)), op.mpjName);
    }

    @Test
    void communicatorCallsNameTheCommunicatorsTheyMake() {
        for (Op op : List.of(Op.SPLIT, Op.CREATE, Op.CLONE, Op.CREATE_CART, Op.CREATE_GRAPH, Op.SUB, Op.MERGE, Op.CREATE_INTERCOMM)) {
            RankTrace r = rankOf(op);
            int id = Event.result(r.words(), baseOf(op));
            assertNotNull(r.comm(id), op + " result communicator " + id);
            assertTrue(id > 0, op + " makes a communicator other than COMM_WORLD");
        }
        RankTrace r = rankOf(Op.SPLIT);
        assertNotEquals(Event.NONE, Event.color(r.words(), baseOf(Op.SPLIT)), "Split color");
        r = rankOf(Op.SHIFT);
        assertTrue(Event.peer2(r.words(), baseOf(Op.SHIFT)) >= 0 && Event.tag2(r.words(), baseOf(Op.SHIFT)) >= 0, "Shift's source and destination");
        assertNotNull(rankOf(Op.FREE).comm(Event.comm(rankOf(Op.FREE).words(), baseOf(Op.FREE))), "Free names its communicator");
    }

    @Test
    void packingCallsCarryCountAndDatatype() {
        for (Op op : List.of(Op.PACK, Op.UNPACK)) {
            assertTrue(Event.count(rankOf(op).words(), baseOf(op)) > 0, op + " count");
            assertNotNull(rankOf(op).datatype(Event.datatype(rankOf(op).words(), baseOf(op))), op + " datatype");
        }
    }

    private static RankTrace rankOf(Op op) {
        int[] at = FIRST.get(op);
        assertNotNull(at, op + " not traced");
        return trace.rank(at[0]);
    }

    private static int baseOf(Op op) {
        return RankTrace.base(FIRST.get(op)[1]);
    }
}
