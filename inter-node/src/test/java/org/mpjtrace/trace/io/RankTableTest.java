package org.mpjtrace.trace.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.CallTimes;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.TraceMemory;
import org.mpjtrace.trace.io.frame.Layout;
import org.mpjtrace.trace.io.serial.RankTable;

/**
 * The RANK_TABLE section (version 14): the ranks that keep no calls of their own share one section, and
 * read back exactly, eagerly and streamed; the ranks with calls keep their RANK sections.
 */
class RankTableTest {
    @TempDir
    Path dir;

    /** Rank r of a compressed trace: tables and statistics, no events, no own times. */
    private static RankTrace compressedRank(int r, int world) {
        RankTrace s = TraceSamples.rank(r);
        RankStats stats = new RankStats(0, 0, 0, "", TraceMemory.NONE, 200_000_000L + 37_123L * r);
        return new RankTrace(r, "node-0", 9_000_000_000_000L + 1_000_003L * r, 0, new long[0],
                List.of(new CommInfo(0, "Intracomm", world, r)), s.datatypes(), s.redops(), stats, List.of(), List.of(), List.of(),
                CallTimes.NONE);
    }

    private static List<Integer> kinds(byte[] bytes) {
        List<Integer> kinds = new ArrayList<>();
        for (int at = Layout.PREAMBLE_BYTES; at < bytes.length; at += Layout.SECTION_HEADER_BYTES + ByteBuffer.wrap(bytes).getInt(at + 1))
            kinds.add((int) bytes[at]);
        return kinds;
    }

    private Path write(String name, int world, List<RankTrace> ranks) throws Exception {
        Path file = dir.resolve(name);
        try (TraceWriter w = TraceWriter.create(file, TraceSamples.meta(world))) {
            for (RankTrace r : ranks) w.writeRank(r);
            w.writeSites(TraceSamples.sites());
            w.commit();
        }
        return file;
    }

    @Test
    void ranksWithoutCallsOfTheirOwnShareOneSectionAndReadBackExactly() throws Exception {
        // Three ranks of the sample keep events (RANK sections); the others arrive out of order and go in the table.
        List<RankTrace> ranks = new ArrayList<>(List.of(compressedRank(5, 8), TraceSamples.rank(1), compressedRank(3, 8)));
        for (int r : new int[] {7, 0, 6, 2, 4}) ranks.add(r == 0 || r == 2 ? TraceSamples.rank(r) : compressedRank(r, 8));
        Path file = write("mixed.mpjt", 8, ranks);
        List<Integer> kinds = kinds(Files.readAllBytes(file));
        assertEquals(List.of(SectionKind.META.code, SectionKind.RANK.code, SectionKind.RANK.code, SectionKind.RANK.code, SectionKind.SITES.code,
                SectionKind.RANK_TABLE.code, SectionKind.END.code), kinds);
        for (TraceFile read : List.of(TraceReader.read(file), TraceReader.open(file))) {
            assertEquals(8, read.ranks().size());
            for (RankTrace r : ranks) TraceSamples.assertSameRank(r, read.rank(r.rank()));
            for (int i = 0; i < 8; i++) assertEquals(i, read.ranks().get(i).rank(), "rank order");
        }
    }

    @Test
    void aFileOfRanksThatDifferInClockSetUpAndMemoryGrowsByAboutAByteARank() throws Exception {
        // As a multicore job's ranks do: reaching MPI.Init 5-25 ms apart, set up in 0.7-1.0 s each.
        SplittableRandom random = new SplittableRandom(30);
        List<RankTrace> small = new ArrayList<>(), large = new ArrayList<>();
        for (int world : new int[] {16, 64}) {
            long clock = 9_000_000_000_000L;
            for (int r = 0; r < world; r++) {
                RankTrace c = compressedRank(r, world);
                clock += random.nextLong(5_000_000, 25_000_000);
                // The largest trace held: three kinds of rank (corner, edge, inside), one marker (mode full).
                long held = r % 8 == 0 || r % 8 == 7 ? 10_504 : 10_680 + (r < 8 ? -96 : 0);
                TraceMemory memory = new TraceMemory(new long[] {0, 0, 0, 1}, new long[] {0, 0, 0, held}, new long[] {0, 0, 0, held});
                RankStats stats = new RankStats(0, 0, 0, "", memory, random.nextLong(700_000_000, 1_000_000_000));
                (world == 16 ? small : large).add(new RankTrace(r, c.host(), clock, 0, new long[0], c.comms(), c.datatypes(), c.redops(), stats,
                        List.of(), List.of(), List.of(), CallTimes.NONE));
            }
        }
        long a = Files.size(write("16.mpjt", 16, small)), b = Files.size(write("64.mpjt", 64, large));
        // Version 19 kept each clock (4 bytes as a difference) and set-up time (5 bytes): 9.8 bytes a rank.
        assertTrue((b - a) / 48.0 < 1.5, "bytes a rank: " + (b - a) / 48.0 + " (" + a + " B at 16 ranks, " + b + " B at 64)");
        assertEquals(List.of(SectionKind.META.code, SectionKind.SITES.code, SectionKind.RANK_TABLE.code, SectionKind.END.code),
                kinds(Files.readAllBytes(dir.resolve("64.mpjt"))));
        TraceFile read = TraceReader.read(dir.resolve("64.mpjt"));
        for (RankTrace r : large) TraceSamples.assertSameRank(r, read.rank(r.rank()));
    }

    @Test
    void aRankTableInAnOlderFileARankTwiceAndASecondTableAreRefused() throws Exception {
        JobMeta meta = TraceSamples.meta(3);
        SiteTable sites = new SiteTable(TraceSamples.sites());
        RankTable table = new RankTable(List.of(compressedRank(0, 3), compressedRank(1, 3)));
        Path file = dir.resolve("bad.mpjt");
        TraceSamples.assertContains(TraceSamples.readFailure(file, new FileForge(13).metaBeforeAttach(meta)
                .section(SectionKind.RANK_TABLE, table).toByteArray()), "corrupt section 1 (RANK_TABLE)", "a RANK_TABLE section in a version-13 file");
        TraceSamples.assertContains(TraceSamples.readFailure(file, new FileForge().section(SectionKind.META, meta)
                .section(SectionKind.RANK, TraceSamples.rank(1)).section(SectionKind.RANK_TABLE, table).toByteArray()),
                "corrupt section 2 (RANK_TABLE)", "rank 1 again (first in section 1 (RANK)");
        TraceSamples.assertContains(TraceSamples.readFailure(file, new FileForge().section(SectionKind.META, meta)
                .section(SectionKind.RANK_TABLE, new RankTable(List.of(compressedRank(0, 3))))
                .section(SectionKind.RANK_TABLE, new RankTable(List.of(compressedRank(2, 3)))).section(SectionKind.SITES, sites)
                .toByteArray()), "corrupt section 2 (RANK_TABLE)", "second RANK_TABLE section");
        TraceSamples.assertContains(TraceSamples.readFailure(file, new FileForge().section(SectionKind.META, meta)
                .section(SectionKind.RANK_TABLE, new RankTable(List.of(compressedRank(0, 3), compressedRank(0, 3)))).toByteArray()),
                "corrupt section 1 (RANK_TABLE)", "rank 0 again");
        TraceSamples.assertContains(TraceSamples.readFailure(file, new FileForge().section(SectionKind.META, meta)
                .section(SectionKind.RANK_TABLE, new RankTable(List.of(compressedRank(5, 8)))).toByteArray()),
                "corrupt section 1 (RANK_TABLE)", "rank 5 outside [0, 3)");
        TraceSamples.assertContains(TraceSamples.readFailure(file, new FileForge().section(SectionKind.META, meta)
                .raw(SectionKind.RANK_TABLE.code, out -> {
                    out.writeVarInt(TraceKryo.RANK_TABLE, true);
                    out.writeVarInt(Integer.MAX_VALUE, true);
                }).toByteArray()), "corrupt section 1 (RANK_TABLE)", "rank-table rank count 2147483647 needs at least");
    }
}
