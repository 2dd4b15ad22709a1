package org.mpjtrace.trace.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.signatures.StackSignature;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.frame.Layout;

class TraceRoundTripTest {
    @TempDir
    Path dir;

    @Test
    void everyFieldWordAndTableComesBack() throws Exception {
        Path file = TraceSamples.writeSample(dir.resolve("run.mpjt"));
        TraceFile trace = TraceReader.read(file);

        assertEquals(TraceSamples.meta(TraceSamples.WORLD), trace.meta());
        assertEquals(List.copyOf(TraceSamples.meta(3).agentOptions().keySet()), List.copyOf(trace.meta().agentOptions().keySet()),
                "option order kept");
        assertEquals(TraceSamples.sites(), trace.sites());
        assertEquals(TraceSamples.WORLD, trace.ranks().size());
        List<RankTrace> expected = TraceSamples.sampleRanks();
        for (int r = 0; r < TraceSamples.WORLD; r++) {
            assertEquals(r, trace.ranks().get(r).rank(), "ranks come back in rank order whatever the write order");
            TraceSamples.assertSameRank(expected.get(r), trace.ranks().get(r));
        }
    }

    @Test
    void extremeTimesAndNegativeFieldsComeBackExactly() throws Exception {
        RankTrace written = TraceSamples.rank(1);
        TraceFile trace = TraceReader.read(TraceSamples.writeSample(dir.resolve("x.mpjt")));
        long[] w = trace.rank(1).words();
        int b3 = RankTrace.base(3);
        assertEquals(Long.MAX_VALUE, Event.enter(w, b3));
        assertEquals(Long.MIN_VALUE, Event.exit(w, b3));
        assertEquals(0xdead_beef_cafe_f00dL, Event.digest(w, b3));
        int b4 = RankTrace.base(4);
        assertEquals(Long.MIN_VALUE, Event.enter(w, b4));
        assertEquals(Long.MAX_VALUE, Event.exit(w, b4));
        assertEquals(Integer.MIN_VALUE, Event.peer(w, b4));
        assertEquals(Integer.MAX_VALUE, Event.tag(w, b4));
        assertEquals(-3, Event.peer2(w, b4));
        assertEquals(-1, Event.key(w, b4));
        assertEquals(-2, Event.peer(w, RankTrace.base(2)));
        assertEquals(-1L, Event.enter(w, RankTrace.base(5)));
        assertArrayEquals(written.words(), w);
    }

    @Test
    void nullStringsNullOptionsAndEmptyRanksComeBack() throws Exception {
        JobMeta meta = new JobMeta(null, "", 2, -5, Long.MIN_VALUE, null, null, "");
        RankTrace empty = new RankTrace(0, null, Long.MIN_VALUE, 0, new long[0], List.of(), List.of(), List.of(),
                new RankStats(0, 0, 1, null));
        RankTrace one = TraceSamples.randomRank(1, 1, 1, 7);
        Path file = dir.resolve("n.mpjt");
        try (TraceWriter writer = TraceWriter.create(file, meta)) {
            writer.writeRank(empty);
            writer.writeRank(one);
            writer.writeSites(List.of(new CallSite(0, null, null, -1, -1, null, -1)));
            writer.commit();
        }
        TraceFile trace = TraceReader.read(file);
        assertEquals(meta, trace.meta());
        assertNull(trace.meta().agentOptions());
        assertEquals(List.of(new CallSite(0, null, null, -1, -1, null, -1)), trace.sites());
        TraceSamples.assertSameRank(empty, trace.rank(0));
        TraceSamples.assertSameRank(one, trace.rank(1));
    }

    @Test
    void aSiteWhoseSignatureItsKeyGivesIsWrittenWithoutItAndComesBackAlike() throws Exception {
        // As the agent registers them (SiteRegistry), and one whose signature is another's (a hand-made table).
        List<CallSite> keyed = new ArrayList<>(), written = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            String api = i % 2 == 0 ? "mpi.Comm.Send" : "mpi.Comm.Recv";
            long signature = StackSignature.ofSite("org.example.Ring", "main", 20 + i, i % 3, api);
            keyed.add(new CallSite(i, "org.example.Ring", "main", 20 + i, i % 3, api, signature));
            written.add(new CallSite(i, "org.example.Ring", "main", 20 + i, i % 3, api, signature + 1));
        }
        long[] sizes = new long[2];
        for (int k = 0; k < 2; k++) {
            List<CallSite> sites = k == 0 ? keyed : written;
            Path file = dir.resolve("sites" + k + ".mpjt");
            // Forged: the writer of a dump keeps only the sites its calls name.
            Files.write(file, new FileForge().section(SectionKind.META, TraceSamples.meta(1)).section(SectionKind.SITES, new SiteTable(sites))
                    .section(SectionKind.END, new EndMark(2)).toByteArray());
            assertEquals(sites, TraceReader.read(file).sites());
            sizes[k] = Files.size(file);
        }
        // Eight bytes a site that no compression takes away: 40 sites, 7 bytes each once the flag byte is paid.
        assertTrue(sizes[1] - sizes[0] >= 40 * 6, "file with keyed signatures " + sizes[0] + " B, with written ones " + sizes[1] + " B");
    }

    @Test
    void theTimeTheTracerWasAttachedComesBackAndATraceStartedWithTheJobHasNone() throws Exception {
        JobMeta m = TraceSamples.meta(1), started = m;
        JobMeta attached = new JobMeta(m.mode(), m.device(), 1, m.startMillis(), m.endMillis(), m.mainClass(), m.agentOptions(),
                m.tracerVersion(), m.ending(), "", 1_700_000_000_001L);
        for (JobMeta meta : List.of(started, attached)) {
            Path file = dir.resolve("a" + meta.attachedMillis() + ".mpjt");
            try (TraceWriter writer = TraceWriter.create(file, meta)) {
                writer.writeRank(TraceSamples.rank(0));
                writer.writeSites(TraceSamples.sites());
                writer.commit();
            }
            assertEquals(meta, TraceReader.read(file).meta());
        }
        assertTrue(attached.attached() && !started.attached());
        assertEquals(attached, attached.endedBy(JobMeta.AT_FINALIZE), "a new ending keeps the attach time");
    }

    @Test
    void rankLargerThanOneBlockSpansSeveralAndComesBack() throws Exception {
        // Random words do not compress: about 50 bytes an event, so 8+ MiB and many 1 MiB blocks.
        RankTrace big = TraceSamples.randomRank(0, 200_000, 5, 42);
        Path file = dir.resolve("big.mpjt");
        try (TraceWriter writer = TraceWriter.create(file, TraceSamples.meta(1))) {
            writer.writeRank(big);
            writer.writeSites(TraceSamples.sites());
            writer.commit();
        }
        assertTrue(Files.size(file) > 4L * Layout.MAX_BLOCK_RAW, "spans several blocks: " + Files.size(file));
        TraceSamples.assertSameRank(big, TraceReader.read(file).rank(0));
    }

    @Test
    void typicalEventsTakeFarLessThanTheirNinetySixRawBytes() throws Exception {
        int n = 20_000;
        long[] w = new long[n * Event.WORDS];
        long t = 123_456_789_000L;
        for (int i = 0; i < n; i++) {
            int none = Event.NONE;
            TraceSamples.event(w, i, i % 2 == 0 ? Op.SEND : Op.RECV, i % 2 + 1, i % 2 == 0 ? -7L : Long.MIN_VALUE, 0, 1,
                    1, 42, 1024, none, none, none, none, none, none, none, none, none, t, t + 900 + i % 50, 0);
            t += 5_000 + i % 300;
        }
        RankTrace rank = new RankTrace(0, "h", 123_456_000_000L, n, w, List.of(), List.of(), List.of(), RankStats.EMPTY);
        Path file = dir.resolve("typical.mpjt");
        try (TraceWriter writer = TraceWriter.create(file, TraceSamples.meta(1))) {
            writer.writeRank(rank);
            writer.writeSites(TraceSamples.sites());
            writer.commit();
        }
        long perEvent = Files.size(file) / n;
        assertTrue(perEvent < 24, "bytes per event: " + perEvent);
        TraceSamples.assertSameRank(rank, TraceReader.read(file).rank(0));
    }

    @Test
    void fileStartsWithMagicAndVersionAndEndsWithEnd() throws Exception {
        byte[] bytes = Files.readAllBytes(TraceSamples.writeSample(dir.resolve("m.mpjt")));
        assertArrayEquals("MPJTRACE".getBytes(java.nio.charset.StandardCharsets.US_ASCII), Arrays.copyOf(bytes, 8));
        assertEquals(23, ByteBuffer.wrap(bytes).getInt(8));
        assertEquals(SectionKind.META.code, bytes[12]);
        try (var names = Files.list(dir)) {
            assertEquals(List.of("m.mpjt"), names.map(f -> f.getFileName().toString()).toList(), "temp file renamed away");
        }
    }

    @Test
    void sectionBytesAddUpToTheFileKindByKindInFileOrder() throws Exception {
        Path file = TraceSamples.writeSample(dir.resolve("s.mpjt"));
        java.util.Map<String, Long> bytes = TraceReader.sectionBytes(file);
        // The sample's three ranks keep events: a RANK section each, counted together.
        assertEquals(List.of("PREAMBLE", "META", "RANK", "SITES", "END"), List.copyOf(bytes.keySet()));
        assertEquals(Files.size(file), bytes.values().stream().mapToLong(Long::longValue).sum());
        byte[] raw = Files.readAllBytes(file);
        assertEquals(9 + ByteBuffer.wrap(raw).getInt(13), bytes.get("META"));
    }
}
