package org.mpjtrace.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.fixtures.EventBuilder;
import org.mpjtrace.fixtures.TraceFixtures;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.RedOpInfo;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.TraceMemory;

/** Small hand-made traces with known contents, written with the real TraceWriter. */
final class TestTraces {
    static final long INIT_NANOS = 1_000_000_000L;
    /** Datatype ids on every rank: 0 DOUBLE, 1 INT, 2 a contiguous type of 4 INTs, 3 OBJECT. */
    static final int DOUBLE = 0, INT = 1, INT4 = 2, OBJECT = 3;
    static final List<CallSite> SITES = List.of(
            new CallSite(0, "org.example.Solver", "main", 10, 0, "mpi.MPI.Init", 11L),
            new CallSite(1, "org.example.Solver", "exchange", 42, 0, "mpi.Comm.Isend", 12L),
            new CallSite(2, "org.example.Solver", "exchange", 43, 0, "mpi.Comm.Irecv", 13L),
            new CallSite(3, "org.example.Solver", "step", 50, 0, "mpi.Intracomm.Allreduce", 14L),
            new CallSite(4, "org.example.Solver", "main", -1, 1, "mpi.MPI.Finalize", 15L));

    private TestTraces() {}

    static EventBuilder ev(Op op, int site) {
        return new EventBuilder(op, site, INIT_NANOS);
    }

    static RankTrace rank(int rank, int worldSize, RankStats stats, EventBuilder... events) {
        return new RankTrace(rank, "node" + rank, INIT_NANOS, events.length, EventBuilder.words(events),
                List.of(new CommInfo(0, "Intracomm", worldSize, rank), new CommInfo(1, "Intracomm", 2, rank % 2)),
                List.of(new DatatypeInfo(0, 8, 8, 1), new DatatypeInfo(1, 5, 4, 1), new DatatypeInfo(2, 5, 16, 4),
                        new DatatypeInfo(3, 12, 0, 1)),
                List.of(new RedOpInfo(0, 3)), stats);
    }

    static JobMeta meta(int worldSize) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("mode", "dump");
        options.put("output", "/tmp/x.mpjt");
        return new JobMeta("dump", "multicore", worldSize, 1_700_000_000_000L, 1_700_000_002_500L, "org.example.Solver",
                options, "0.1.0");
    }

    /** A 2-rank job of every op family, rank 1 with tracing turned off part way. */
    static TraceFile sample() {
        RankTrace r0 = rank(0, 2, RankStats.EMPTY,
                ev(Op.INIT, 0).comm(0).at(-5_000, -1_000),
                ev(Op.ISEND, 1).peer(1).tag(7).count(100).type(DOUBLE).comm(0).req(5).at(2_000, 3_500),
                ev(Op.IRECV, 2).peer(-2).tag(-2).count(10).type(INT).comm(0).req(6).at(4_000, 4_250),
                ev(Op.SEND, 1).peer(-3).tag(1).count(3).type(INT4).comm(0).at(5_000, 6_000),
                ev(Op.SENDRECV, 1).peer(1).tag(3).count(4).type(DOUBLE).peer2(1).tag2(4).count2(2).type2(INT).comm(0).at(7_000, 9_000),
                ev(Op.WAITALL, 1).count(4).at(10_000, 30_000),
                ev(Op.BCAST, 3).peer(0).count(8).type(DOUBLE).comm(0).at(31_000, 32_000),
                ev(Op.ALLREDUCE, 3).count(2).type(DOUBLE).redop(0).comm(0).at(40_000, 52_345_678),
                ev(Op.SPLIT, 3).color(-1).key(-4).comm(0).result(1).at(60_000_000, 60_001_000),
                ev(Op.SHIFT, 3).peer(0).count(-1).peer2(-3).tag2(1).comm(1).at(61_000_000, 61_000_100),
                ev(Op.PROBE, 2).peer(1).tag(9).count(0).comm(0).at(62_000_000, 62_000_001),
                ev(Op.SEND, 1).peer(1).tag(2).count(5).type(OBJECT).comm(0).at(63_000_000, 63_000_010),
                ev(Op.FINALIZE, 4).at(70_000_000, 70_500_000));
        RankTrace r1 = rank(1, 2, new RankStats(3, 1_500_000, 2, "ring overflow\non rank 1", TraceMemory.NONE, 250_000_000),
                ev(Op.INIT, 0).comm(0).at(-4_000, -1_000),
                ev(Op.IRECV, 2).peer(0).tag(7).count(100).type(DOUBLE).comm(0).req(0).at(1_000, 2_000),
                ev(Op.WAIT, 1).count(1).req(0).at(2_000, 12_000),
                ev(Op.BCAST, 3).peer(0).count(8).type(DOUBLE).comm(0).at(31_000, 33_000));
        return new TraceFile(meta(2), SITES, List.of(r0, r1));
    }

    /**
     * A one-rank job with calling context: the Isend of Solver.exchange reached from Solver.step (itself
     * called from main) and from main directly, once through a caller too deep to have been recorded.
     * Sites 5 to 7 are the callers' call sites.
     */
    static TraceFile withContext() {
        List<CallSite> sites = new java.util.ArrayList<>(SITES);
        sites.add(new CallSite(5, "org.example.Solver", "step", 48, 0, "org.example.Solver.exchange", 16L));
        sites.add(new CallSite(6, "org.example.Solver", "main", 12, 0, "org.example.Solver.step", 17L));
        sites.add(new CallSite(7, "org.example.Solver", "main", 14, 1, "org.example.Solver.exchange", 18L));
        List<CallPath> paths = List.of(
                new CallPath(11L, 0, new int[0]),
                new CallPath(101L, 1, new int[] {5, 6}),
                new CallPath(102L, 1, new int[] {7}),
                new CallPath(103L, 1, new int[] {CallPath.UNRECORDED, 7}),
                new CallPath(15L, 4, new int[0]));
        RankTrace r0 = rank(0, 1, RankStats.EMPTY,
                ev(Op.INIT, 0).stack(11L).comm(0).at(-5_000, -1_000),
                ev(Op.ISEND, 1).stack(101L).peer(0).tag(7).count(100).type(DOUBLE).comm(0).req(0).at(2_000, 3_500),
                ev(Op.ISEND, 1).stack(102L).peer(0).tag(7).count(100).type(DOUBLE).comm(0).req(1).at(4_000, 4_500),
                ev(Op.ISEND, 1).stack(103L).peer(0).tag(7).count(100).type(DOUBLE).comm(0).req(2).at(5_000, 5_500),
                ev(Op.FINALIZE, 4).stack(15L).at(70_000_000, 70_500_000));
        return new TraceFile(meta(1), sites, List.of(r0), paths);
    }

    static Path write(Path file, TraceFile t) throws IOException {
        return TraceFixtures.write(file, t);
    }
}
