package org.mpjtrace.trace.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.Histogram;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.global.Alternatives;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.global.SitePruning;
import org.mpjtrace.trace.ranks.RankSet;

/** The site table of a compressed trace keeps only the sites the trace names, renumbered in their order. */
class SitePruningTest {
    private static final RankSet ALL = RankSet.range(0, TraceSamples.WORLD, 1);

    @TempDir
    Path dir;

    private static List<CallSite> sites(int n) {
        List<CallSite> sites = new ArrayList<>();
        for (int i = 0; i < n; i++) sites.add(new CallSite(i, "app.Main", "m" + i, 10 + i, 0, i % 2 == 0 ? "mpi.Comm.Send" : "app.Log.note", 100L + i));
        return sites;
    }

    private static GlobalEvent event(int site, long stack) {
        List<Alternatives<ValueSeq>> fields = new ArrayList<>();
        for (Field f : Field.ALL) fields.add(Alternatives.of(ValueSeq.of(f == Field.PEER ? 1 : -1), ALL));
        Histogram h = Histogram.ofAggregate(ALL.size(), 5, 5, 5);
        return new GlobalEvent(Op.SEND.code, 0, site, stack, ALL, fields, h, h);
    }

    /** Sites 6 and 2 called, 6 inside a loop; the call path of 2's stack names 4 as its caller. */
    private static GlobalTrace trace() {
        List<GlobalNode> loop = List.of(event(6, 106L));
        return new GlobalTrace(List.of(event(2, 7L), new GlobalLoop(loop, Alternatives.of(ValueSeq.of(3), ALL), ALL)), ALL, 1234);
    }

    private static final List<CallPath> PATHS = List.of(new CallPath(7L, 2, new int[] {4, CallPath.UNRECORDED}), new CallPath(106L, 6, new int[0]));

    @Test
    void theUsedSitesAreRenumberedInTheirOldOrderAndEverythingNamingThemFollows() {
        SitePruning.Pruned p = SitePruning.prune(sites(8), trace(), PATHS);
        assertEquals(List.of("m2", "m4", "m6"), p.sites().stream().map(CallSite::methodName).toList());
        assertEquals(List.of(0, 1, 2), p.sites().stream().map(CallSite::id).toList());
        assertEquals(0, ((GlobalEvent) p.global().nodes().get(0)).site());
        assertEquals(2, ((GlobalEvent) ((GlobalLoop) p.global().nodes().get(1)).body().get(0)).site());
        assertEquals(1234, p.global().mergeNanos());
        assertEquals(0, p.callPaths().get(0).site());
        assertArrayEquals(new int[] {1, CallPath.UNRECORDED}, p.callPaths().get(0).callers());
        assertEquals(2, p.callPaths().get(1).site());
    }

    @Test
    void aCompressedTraceIsWrittenWithItsUsedSitesOnlyAndADumpWithAllOfThem() throws Exception {
        Path compressed = dir.resolve("full.mpjt");
        try (TraceWriter w = TraceWriter.create(compressed, TraceSamples.meta(TraceSamples.WORLD))) {
            w.writeGlobal(trace());
            w.writeSites(sites(8));
            w.writeCallPaths(PATHS);
            w.commit();
        }
        TraceFile read = TraceReader.read(compressed);
        assertEquals(List.of("m2", "m4", "m6"), read.sites().stream().map(CallSite::methodName).toList());
        assertEquals("m6", read.site(((GlobalEvent) ((GlobalLoop) read.global().nodes().get(0 + 1)).body().get(0)).site()).methodName());

        Path dump = dir.resolve("dump.mpjt");
        try (TraceWriter w = TraceWriter.create(dump, TraceSamples.meta(TraceSamples.WORLD))) {
            for (int r = 0; r < TraceSamples.WORLD; r++) w.writeRank(TraceSamples.rank(r));
            w.writeSites(TraceSamples.sites());
            w.commit();
        }
        assertEquals(TraceSamples.sites(), TraceReader.read(dump).sites(), "a rank's events name sites: the table stays whole");
    }
}
