package org.mpjtrace.trace.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.frame.Layout;

/** The CALL_PATHS section: round trips, the rules tying it to events and sites, and damage to it. */
class CallPathTableTest {
    @TempDir
    Path dir;

    private String failure(byte[] bytes) throws Exception {
        return TraceSamples.readFailure(dir.resolve("bad.mpjt"), bytes);
    }

    /** META, the three ranks, SITES, then whatever call-path table and END the test gives. */
    private static FileForge ranksAndSites() {
        return new FileForge().section(SectionKind.META, TraceSamples.meta(TraceSamples.WORLD))
                .section(SectionKind.RANK, TraceSamples.rank(0)).section(SectionKind.RANK, TraceSamples.rank(1))
                .section(SectionKind.RANK, TraceSamples.rank(2)).section(SectionKind.SITES, new SiteTable(TraceSamples.sites()));
    }

    private static byte[] withPaths(List<CallPath> paths) {
        return ranksAndSites().section(SectionKind.CALL_PATHS, new CallPathTable(paths)).section(SectionKind.END, new EndMark(6)).toByteArray();
    }

    private static List<CallPath> replaced(int index, CallPath path) {
        List<CallPath> paths = new ArrayList<>(TraceSamples.callPaths());
        paths.set(index, path);
        return paths;
    }

    @Test
    void callPathsComeBackWithTheTrace() throws Exception {
        TraceFile trace = TraceReader.read(TraceSamples.writeSampleWithPaths(dir.resolve("p.mpjt")));
        assertEquals(TraceSamples.callPaths(), trace.callPaths());
        List<RankTrace> expected = TraceSamples.sampleRanks();
        for (int r = 0; r < TraceSamples.WORLD; r++) TraceSamples.assertSameRank(expected.get(r), trace.rank(r));
    }

    @Test
    void aSitesOwnPathIsWrittenWithoutItsSignatureAndReadBackWithItsSites() throws Exception {
        // Paths 0 and 5 have no callers and their site's signature: the site table gives theirs.
        CallPathTable table = CallPathTable.of(TraceSamples.callPaths(), TraceSamples.sites());
        assertEquals(List.of(true, false, false, false, false, true), List.of(table.fromSite()[0], table.fromSite()[1], table.fromSite()[2],
                table.fromSite()[3], table.fromSite()[4], table.fromSite()[5]));
        byte[] own = ranksAndSites().section(SectionKind.CALL_PATHS, table).section(SectionKind.END, new EndMark(6)).toByteArray();
        Path file = dir.resolve("own.mpjt");
        Files.write(file, own);
        assertEquals(TraceSamples.callPaths(), TraceReader.read(file).callPaths());
        assertEquals(TraceSamples.callPaths(), TraceReader.open(file).callPaths());
        assertTrue(own.length <= withPaths(TraceSamples.callPaths()).length - 2 * 7, own.length + " B against all signatures written");
    }

    @Test
    void aSitesOwnPathWithCallersOrPastTheSiteTableIsRefused() throws Exception {
        byte[] withCallers = ranksAndSites().raw(SectionKind.CALL_PATHS.code, out -> {
            out.writeVarInt(TraceKryo.CALL_PATH_TABLE, true);
            out.writeVarInt(1, true);
            out.writeVarInt(1, true); // site 1
            out.writeVarInt(1, true); // one caller
            out.writeVarInt(0, false);
            out.writeByte(0); // the site's own
        }).section(SectionKind.END, new EndMark(6)).toByteArray();
        TraceSamples.assertContains(failure(withCallers), "corrupt section 5 (CALL_PATHS)", "call path 0: a site's own path with 1 callers");
        byte[] past = ranksAndSites().raw(SectionKind.CALL_PATHS.code, out -> {
            out.writeVarInt(TraceKryo.CALL_PATH_TABLE, true);
            out.writeVarInt(1, true);
            out.writeVarInt(9, true); // site 9 of 5
            out.writeVarInt(0, true);
            out.writeByte(0);
        }).section(SectionKind.END, new EndMark(6)).toByteArray();
        TraceSamples.assertContains(failure(past), "corrupt section 5 (CALL_PATHS)", "call path 0 names call site 9, the site table has 5");
    }

    @Test
    void aTraceWithoutCallPathsHasAnEmptyTable() throws Exception {
        assertEquals(List.of(), TraceReader.read(TraceSamples.writeSample(dir.resolve("s.mpjt"))).callPaths());
    }

    @Test
    void payloadsCarryTheirJvmsCallPaths() throws Exception {
        RankPayload payload = new RankPayload(TraceSamples.rank(1), TraceSamples.sites(), TraceSamples.callPaths());
        RankPayload back = PayloadCodec.decode(PayloadCodec.encode(payload));
        assertEquals(payload.callPaths(), back.callPaths());
        assertEquals(List.of(), PayloadCodec.decode(PayloadCodec.encode(new RankPayload(TraceSamples.rank(1), TraceSamples.sites()))).callPaths());

        List<CallPath> missing = TraceSamples.callPaths().subList(0, 5);
        String refused = assertThrows(IllegalArgumentException.class,
                () -> PayloadCodec.encode(new RankPayload(TraceSamples.rank(1), TraceSamples.sites(), missing))).getMessage();
        assertEquals("rank 1: event 5 has stack signature 0x0, missing from the call-path table", refused);
    }

    @Test
    void writerRefusesAnEventTheTableDoesNotExplainWhicheverComesFirst() throws Exception {
        List<CallPath> missing = TraceSamples.callPaths().subList(1, 6); // the Init signature is gone
        try (TraceWriter writer = TraceWriter.create(dir.resolve("a.mpjt"), TraceSamples.meta(3))) {
            writer.writeRank(TraceSamples.rank(0));
            String m = assertThrows(IllegalArgumentException.class, () -> writer.writeCallPaths(missing)).getMessage();
            assertEquals("rank 0: event 0 has stack signature 0x123456789abcdef0, missing from the call-path table", m);
        }
        try (TraceWriter writer = TraceWriter.create(dir.resolve("b.mpjt"), TraceSamples.meta(3))) {
            writer.writeCallPaths(replaced(1, new CallPath(-7L, 2, new int[0])));
            String m = assertThrows(IllegalArgumentException.class, () -> writer.writeRank(TraceSamples.rank(2))).getMessage();
            assertEquals("rank 2: event 1 names call site 1 but its stack signature 0xfffffffffffffff9 stands for call site 2", m);
            assertEquals("call-path table already written",
                    assertThrows(IllegalStateException.class, () -> writer.writeCallPaths(TraceSamples.callPaths())).getMessage());
        }
    }

    @Test
    void writerRefusesPathsNamingSitesOutsideTheTable() throws Exception {
        try (TraceWriter writer = TraceWriter.create(dir.resolve("c.mpjt"), TraceSamples.meta(3))) {
            writer.writeCallPaths(TraceSamples.callPaths());
            assertEquals("call path 2 names call site 4, the site table has 4", assertThrows(IllegalArgumentException.class,
                    () -> writer.writeSites(TraceSamples.sites().subList(0, 4))).getMessage());
        }
        try (TraceWriter writer = TraceWriter.create(dir.resolve("d.mpjt"), TraceSamples.meta(3))) {
            writer.writeSites(TraceSamples.sites());
            assertEquals("call path 1 names call site 9, the site table has 5", assertThrows(IllegalArgumentException.class,
                    () -> writer.writeCallPaths(replaced(1, new CallPath(-7L, 1, new int[] {9})))).getMessage());
        }
    }

    @Test
    void theSameSignatureWithTwoSitesCannotBeWritten() throws Exception {
        RankTrace r0 = TraceSamples.rank(0);
        long[] w = r0.words().clone();
        // The Recv at site 2 takes the signature of the Send at site 1: no table can explain both.
        w[RankTrace.base(2) + Event.W_STACK] = -7L;
        RankTrace clash = new RankTrace(0, r0.host(), r0.initNanos(), r0.eventCount(), w, r0.comms(), r0.datatypes(), r0.redops(), r0.stats());
        try (TraceWriter writer = TraceWriter.create(dir.resolve("e.mpjt"), TraceSamples.meta(3))) {
            writer.writeRank(clash);
            String m = assertThrows(IllegalArgumentException.class, () -> writer.writeCallPaths(TraceSamples.callPaths())).getMessage();
            assertEquals("rank 0: event 2 names call site 2 but its stack signature 0xfffffffffffffff9 stands for call site 1", m);
        }
    }

    @Test
    void readerChecksTheTableAgainstEventsAndSites() throws Exception {
        TraceSamples.assertContains(failure(withPaths(TraceSamples.callPaths().subList(0, 5))),
                "corrupt section 1 (RANK)", "rank 0: event 5 has stack signature 0x0, missing from the call-path table");
        TraceSamples.assertContains(failure(withPaths(replaced(2, new CallPath(Long.MIN_VALUE, 3, new int[0])))),
                "corrupt section 1 (RANK)", "rank 0: event 2 names call site 2 but its stack signature 0x8000000000000000 stands for call site 3");
        TraceSamples.assertContains(failure(withPaths(replaced(2, new CallPath(Long.MIN_VALUE, 2, new int[] {5})))),
                "corrupt section 5 (CALL_PATHS)", "call path 2 names call site 5, the site table has 5");
        TraceSamples.assertContains(failure(withPaths(replaced(2, new CallPath(-7L, 2, new int[0])))),
                "corrupt section 5 (CALL_PATHS)", "call paths 1 and 2 have the same signature 0xfffffffffffffff9");
        TraceSamples.assertContains(failure(withPaths(replaced(2, new CallPath(Long.MIN_VALUE, 2, new int[] {-2})))),
                "corrupt section 5 (CALL_PATHS)", "call path 2 names caller site -2");
        byte[] twice = ranksAndSites().section(SectionKind.CALL_PATHS, new CallPathTable(TraceSamples.callPaths()))
                .section(SectionKind.CALL_PATHS, new CallPathTable(TraceSamples.callPaths())).section(SectionKind.END, new EndMark(7)).toByteArray();
        TraceSamples.assertContains(failure(twice), "corrupt section 6 (CALL_PATHS)", "second CALL_PATHS section");
    }

    @Test
    void aNegativeSiteIsCorrupt() throws Exception {
        FileForge forge = ranksAndSites().raw(SectionKind.CALL_PATHS.code, out -> {
            out.writeVarInt(TraceKryo.CALL_PATH_TABLE, true);
            out.writeVarInt(1, true);
            out.writeVarInt(-4, true); // read back as an unsigned varint: negative
            out.writeVarInt(0, true);
            out.writeByte(1); // the signature follows
            out.writeLong(0);
        });
        TraceSamples.assertContains(failure(forge.section(SectionKind.END, new EndMark(6)).toByteArray()), "corrupt section 5 (CALL_PATHS)", "call path 0 names call site -4");
    }

    @Test
    void absurdCountsAreRefusedBeforeAllocating() throws Exception {
        FileForge paths = ranksAndSites().raw(SectionKind.CALL_PATHS.code, out -> {
            out.writeVarInt(TraceKryo.CALL_PATH_TABLE, true);
            out.writeVarInt(100_000_000, true);
        });
        TraceSamples.assertContains(failure(paths.toByteArray()), "corrupt section 5 (CALL_PATHS)", "call path count 100000000 needs at least 300000000 bytes");
        FileForge callers = ranksAndSites().raw(SectionKind.CALL_PATHS.code, out -> {
            out.writeVarInt(TraceKryo.CALL_PATH_TABLE, true);
            out.writeVarInt(1, true);
            out.writeVarInt(4, true);
            out.writeVarInt(Integer.MAX_VALUE, true);
        });
        TraceSamples.assertContains(failure(callers.toByteArray()), "corrupt section 5 (CALL_PATHS)", "caller count 2147483647 needs at least");
    }

    @Test
    void everyCutAndEveryFlippedByteIsDetected() throws Exception {
        byte[] good = Files.readAllBytes(TraceSamples.writeSampleWithPaths(dir.resolve("good.mpjt")));
        for (int length = 0; length < good.length; length++) {
            String m = failure(Arrays.copyOf(good, length));
            assertTrue(m.contains("truncated") || m.contains("empty file"), "cut at " + length + ": " + m);
        }
        for (int i = 0; i < good.length; i++) {
            byte[] bad = good.clone();
            bad[i] ^= (byte) 0xFF;
            try {
                failure(bad);
            } catch (AssertionError e) {
                throw new AssertionError("byte " + i + " flipped: " + e.getMessage(), e);
            }
        }
    }

    @Test
    void sectionKindSixIsCallPaths() throws Exception {
        byte[] bytes = Files.readAllBytes(TraceSamples.writeSampleWithPaths(dir.resolve("k.mpjt")));
        int at = Layout.PREAMBLE_BYTES;
        List<Integer> kinds = new ArrayList<>();
        while (at < bytes.length) {
            kinds.add((int) bytes[at]);
            at += Layout.SECTION_HEADER_BYTES + ByteBuffer.wrap(bytes).getInt(at + 1);
        }
        // The writer keeps the tables for commit, whatever order they were given in.
        assertEquals(List.of(1, 2, 2, 2, 3, 6, 4), kinds, "META, RANK, RANK, RANK, SITES, CALL_PATHS, END");
    }
}
