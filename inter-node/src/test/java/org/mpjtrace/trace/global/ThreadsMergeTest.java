package org.mpjtrace.trace.global;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.fixtures.EventBuilder;
import org.mpjtrace.trace.fold.EventRecords;
import org.mpjtrace.trace.fold.TraceFolding;
import org.mpjtrace.trace.fold.TraceNode;
import org.mpjtrace.trace.io.TraceReader;
import org.mpjtrace.trace.io.TraceWriter;
import org.mpjtrace.trace.ranks.RankSet;

/** The same call made by different threads stays apart through the merge across ranks and the file. */
class ThreadsMergeTest {
    private static final int WORLD = 4;
    private static final List<CallSite> SITES = List.of(new CallSite(0, "T", "main", 1, 0, "mpi.MPI.Init", 10),
            new CallSite(1, "T", "main", 2, 0, "mpi.Intracomm.Barrier", 11), new CallSite(2, "T", "main", 3, 0, "mpi.Intracomm.Bcast", 12));

    @TempDir
    Path dir;

    /** One rank's trace: a Barrier by {@code thread}, then a Bcast by thread 0 (site and stack the same on every rank). */
    private static GlobalTrace rank(int rank, int thread) {
        TraceFolding folding = new TraceFolding(TraceFolding.DEFAULT_WINDOW);
        long[] w = EventBuilder.words(new EventBuilder(Op.BARRIER, 1, 0).thread(thread).comm(0).stack(SITES.get(1).stackSignature()),
                new EventBuilder(Op.BCAST, 2, 0).comm(0).stack(SITES.get(2).stackSignature()));
        for (int i = 0; i < 2; i++) folding.append(EventRecords.toNode(w, i * Event.WORDS, rank, WORLD, 0));
        List<TraceNode> nodes = folding.nodes();
        return GlobalTrace.ofRank(rank, nodes);
    }

    private static List<String> events(GlobalTrace g) {
        List<String> out = new ArrayList<>();
        for (GlobalNode n : g.nodes()) {
            GlobalEvent e = (GlobalEvent) n;
            out.add(Op.ofCode(e.op()).mpjName + "/" + e.thread() + " " + e.ranks());
        }
        return out;
    }

    @Test
    void callsOfDifferentThreadsAreNotMergedAndTheFileKeepsTheirThreads() throws Exception {
        GlobalTrace merged = TraceMerge.merge(TraceMerge.merge(rank(0, 0), rank(1, 2)), TraceMerge.merge(rank(2, 0), rank(3, 2)));
        List<String> expected = events(merged);
        // Ranks 0 and 2 made the Barrier on thread 0, ranks 1 and 3 on thread 2: two nodes; every rank's Bcast is one.
        assertEquals(List.of("Barrier/0 " + RankSet.range(0, 2, 2), "Barrier/2 " + RankSet.range(1, 2, 2), "Bcast/0 " + RankSet.range(0, 4, 1)),
                expected);

        Path file = dir.resolve("t.mpjt");
        try (TraceWriter writer = TraceWriter.create(file, new JobMeta("full", "multicore", WORLD, 0, 1, "T", java.util.Map.of(), "0.1.0"))) {
            writer.writeSites(SITES);
            writer.writeGlobal(merged);
            writer.commit();
        }
        assertEquals(expected, events(TraceReader.read(file).global()));
    }
}
