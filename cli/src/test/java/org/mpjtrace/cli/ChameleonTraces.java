package org.mpjtrace.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.fixtures.EventBuilder;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.TraceMemory;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.cluster.MarkerState;
import org.mpjtrace.trace.fold.EventRecords;
import org.mpjtrace.trace.fold.TraceFolding;
import org.mpjtrace.trace.fold.TraceNode;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.global.TraceMerge;
import org.mpjtrace.trace.io.TraceWriter;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * Hand-made chameleon-mode traces of a 4-rank ring job, written with the real TraceWriter. The
 * history: marker 1 AT; marker 2 C, clustering 0 ({0} led by 0, {1,2,3} led by 1); marker 3 L;
 * marker 4 AT (two ranks changed); marker 5 C, clustering 1 ({0,2} and {1,3}, absolute end-points);
 * F keeps clustering 1. Ranks 2 and 3 never lead and hold 0 bytes in L and F. Public for the tests of
 * the job package.
 */
public final class ChameleonTraces {
    static final int WORLD = 4;
    static final int STEPS = 5;
    static final long CALL_PATH_A = 0xabcL, CALL_PATH_B = 0x1234_5678_9abc_def0L;

    private ChameleonTraces() {}

    static JobMeta meta() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("mode", "chameleon");
        options.put("output", "/tmp/c.mpjt");
        options.put("marker", "site:Solver.step");
        options.put("callFrequency", "2");
        options.put("k", "2");
        return new JobMeta("chameleon", "multicore", WORLD, 1_700_000_000_000L, 1_700_000_002_500L, "org.example.Solver",
                options, "0.1.0");
    }

    /** The job as it finished: every rank's section, all six records. */
    public static TraceFile finished() {
        List<RankTrace> ranks = new ArrayList<>();
        for (int r = 0; r < WORLD; r++) ranks.add(TestTraces.rank(r, WORLD, new RankStats(0, 0, 0, "", memory(r))));
        return new TraceFile(meta(), TestTraces.SITES, ranks, List.of(), global(), log(records(), true));
    }

    /** The file as rank 0 rewrote it at marker 3, before a rank died: no rank sections yet. */
    public static TraceFile interim() {
        return new TraceFile(meta().endedBy(JobMeta.RUNNING), TestTraces.SITES, List.of(), List.of(), global(), log(records().subList(0, 3), false));
    }

    public static Path write(Path file, TraceFile t) throws IOException {
        try (TraceWriter w = TraceWriter.create(file, t.meta())) {
            for (RankTrace r : t.ranks()) w.writeRank(r);
            w.writeGlobal(t.global());
            w.writeMarkers(t.markers());
            w.writeSites(t.sites());
            w.commit();
        }
        return file;
    }

    private static List<MarkerRecord> records() {
        return List.of(
                new MarkerRecord(1, 2, MarkerState.AT, 0, -1, 0, 0),
                new MarkerRecord(2, 4, MarkerState.C, 0, 0, 40, 1_250_000),
                new MarkerRecord(3, 6, MarkerState.L, 0, 0, 12, 400_000),
                new MarkerRecord(4, 8, MarkerState.AT, 2, -1, 12, 300_000),
                new MarkerRecord(5, 10, MarkerState.C, 0, 1, 30, 900_000),
                new MarkerRecord(6, 11, MarkerState.F, 0, 1, 8, 200_000));
    }

    private static MarkerLog log(List<MarkerRecord> records, boolean finished) {
        Clustering first = new Clustering(List.of(
                new Cluster(0, RankSet.single(0), CALL_PATH_A, 0.0, 1.0),
                new Cluster(1, RankSet.range(1, 3, 1), CALL_PATH_B, -1.0, 1.0)), false, 412_000);
        Clustering second = new Clustering(List.of(
                new Cluster(0, RankSet.of(0, 2), CALL_PATH_A, 3.0, 1.5),
                new Cluster(1, RankSet.of(1, 3), CALL_PATH_B, 0.25, 2.0)), true, 150_000);
        return new MarkerLog(WORLD, List.of(first, second), records, finished);
    }

    /**
     * Leads 0 and 1 hold a partial trace at every marker; 2 and 3 hold one only while all ranks trace.
     * Per state AT, C, L, F: markers passed, max bytes, sum of bytes.
     */
    private static TraceMemory memory(int rank) {
        long[] markers = {2, 2, 1, 1};
        if (rank == 0) return new TraceMemory(markers, new long[] {2000, 1500, 800, 300}, new long[] {3000, 2500, 800, 300});
        if (rank == 1) return new TraceMemory(markers, new long[] {2000, 1500, 900, 300}, new long[] {3000, 2500, 900, 300});
        return new TraceMemory(markers, new long[] {2000, 1500, 0, 0}, new long[] {3000, 2500, 0, 0});
    }

    /** Every rank's calls, loop-compressed and merged across ranks as mode full would. */
    private static GlobalTrace global() {
        GlobalTrace merged = null;
        for (int r = 0; r < WORLD; r++) {
            GlobalTrace own = GlobalTrace.ofRank(r, folded(r, ring(r)));
            merged = merged == null ? own : TraceMerge.merge(merged, own);
        }
        return merged;
    }

    /** Init, STEPS x (Isend right, Irecv left, Waitall), Allreduce, Finalize. */
    private static List<EventBuilder> ring(int rank) {
        List<EventBuilder> events = new ArrayList<>();
        long t = 0;
        events.add(TestTraces.ev(Op.INIT, 0).comm(0).at(t, t += 1_000));
        for (int i = 0; i < STEPS; i++) {
            events.add(TestTraces.ev(Op.ISEND, 1).peer((rank + 1) % WORLD).tag(7).count(8).type(TestTraces.DOUBLE).comm(0).req(0).at(t += 500, t += 1_000));
            events.add(TestTraces.ev(Op.IRECV, 2).peer((rank + WORLD - 1) % WORLD).tag(7).count(8).type(TestTraces.DOUBLE).comm(0).req(1).at(t += 500, t += 1_000));
            events.add(TestTraces.ev(Op.WAITALL, 1).count(2).at(t += 500, t += 1_000));
        }
        events.add(TestTraces.ev(Op.ALLREDUCE, 3).count(1).type(TestTraces.DOUBLE).redop(0).comm(0).at(t += 500, t += 1_000));
        events.add(TestTraces.ev(Op.FINALIZE, 4).at(t += 500, t + 1_000));
        return events;
    }

    private static List<TraceNode> folded(int rank, List<EventBuilder> events) {
        long[] w = EventBuilder.words(events.toArray(new EventBuilder[0]));
        TraceFolding folding = new TraceFolding();
        long previousExit = TestTraces.INIT_NANOS;
        for (int i = 0; i < events.size(); i++) {
            int base = RankTrace.base(i);
            folding.append(EventRecords.toNode(w, base, rank, WORLD, previousExit));
            previousExit = Event.exit(w, base);
        }
        return folding.nodes();
    }
}
