package org.mpjtrace.trace.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Output;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.OwnArguments;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.frame.Layout;
import org.mpjtrace.trace.io.serial.CallSiteSerializer;
import org.mpjtrace.trace.io.serial.JobMetaSerializer;
import org.mpjtrace.trace.io.serial.RankStatsSerializer;
import org.mpjtrace.trace.io.serial.StackSummarySerializer;
import org.mpjtrace.trace.io.value.EventWords;
import org.mpjtrace.trace.io.value.ListCodec;
import org.mpjtrace.trace.io.value.Strings;

class CorruptTraceFileTest {
    @TempDir
    Path dir;
    Path file;
    byte[] good;

    @BeforeEach
    void writeGoodFile() throws Exception {
        good = Files.readAllBytes(TraceSamples.writeSample(dir.resolve("good.mpjt")));
        file = dir.resolve("run.mpjt");
    }

    private String failure(byte[] bytes) throws Exception {
        return TraceSamples.readFailure(file, bytes);
    }

    /** Offset of section {@code index} in {@code bytes}, by walking the headers. */
    private static int sectionOffset(byte[] bytes, int index) {
        int at = Layout.PREAMBLE_BYTES;
        for (int i = 0; i < index; i++) at += Layout.SECTION_HEADER_BYTES + ByteBuffer.wrap(bytes).getInt(at + 1);
        return at;
    }

    private static int sectionCount(byte[] bytes) {
        int n = 0;
        for (int at = Layout.PREAMBLE_BYTES; at < bytes.length; n++) at += Layout.SECTION_HEADER_BYTES + ByteBuffer.wrap(bytes).getInt(at + 1);
        return n;
    }

    private static RankTrace withWords(RankTrace t, int eventCount, long[] words) {
        return new RankTrace(t.rank(), t.host(), t.initNanos(), eventCount, words, t.comms(), t.datatypes(), t.redops(), t.stats(), t.arrays());
    }

    private static RankTrace withArrays(RankTrace t, List<CallArrays> arrays) {
        return new RankTrace(t.rank(), t.host(), t.initNanos(), t.eventCount(), t.words(), t.comms(), t.datatypes(), t.redops(), t.stats(), arrays);
    }

    private static RankTrace withOwnArguments(RankTrace t, List<OwnArguments> own) {
        return new RankTrace(t.rank(), t.host(), t.initNanos(), t.eventCount(), t.words(), t.comms(), t.datatypes(), t.redops(), t.stats(),
                t.arrays(), own, t.stackSummaries());
    }

    private static RankTrace withStackSummarys(RankTrace t, List<StackSummary> calls) {
        return new RankTrace(t.rank(), t.host(), t.initNanos(), t.eventCount(), t.words(), t.comms(), t.datatypes(), t.redops(), t.stats(),
                t.arrays(), t.ownArguments(), calls);
    }

    private FileForge metaAndRank(RankTrace rank) {
        return new FileForge().section(SectionKind.META, TraceSamples.meta(3)).section(SectionKind.RANK, rank);
    }

    @Test
    void emptyFile() throws Exception {
        assertEquals(file + ": empty file (0 bytes)", failure(new byte[0]));
    }

    @Test
    void everyCutIsReportedAsTruncated() throws Exception {
        for (int length = 0; length < good.length; length++) {
            String m = failure(Arrays.copyOf(good, length));
            assertTrue(m.contains("truncated") || m.contains("empty file"), "cut at " + length + ": " + m);
        }
    }

    @Test
    void cutAtASectionBoundaryIsTruncatedNotShort() throws Exception {
        int end = sectionOffset(good, 5); // META, 3 RANK, SITES, then END
        assertEquals(SectionKind.END.code, good[end]);
        assertEquals(file + ": truncated: file ends at offset " + end + " after 5 sections, without END",
                failure(Arrays.copyOf(good, end)));
    }

    @Test
    void cutInsideABodyNamesSectionOffsetAndSizes() throws Exception {
        int rank = sectionOffset(good, 2);
        int bodyLength = ByteBuffer.wrap(good).getInt(rank + 1);
        String m = failure(Arrays.copyOf(good, rank + 20));
        assertEquals(file + ": truncated: section 2 (RANK) at offset " + rank + " needs " + (9 + bodyLength) + " bytes, 20 left", m);
    }

    @Test
    void everyFlippedByteIsDetected() throws Exception {
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
    void everyFlippedBitIsDetected() throws Exception {
        for (int i = 0; i < good.length; i++) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] bad = good.clone();
                bad[i] ^= (byte) (1 << bit);
                try {
                    failure(bad);
                } catch (AssertionError e) {
                    throw new AssertionError("bit " + bit + " of byte " + i + " flipped: " + e.getMessage(), e);
                }
            }
        }
    }

    @Test
    void flippedBodyByteIsAChecksumMismatchNamingTheSection() throws Exception {
        int rank = sectionOffset(good, 2);
        byte[] bad = good.clone();
        bad[rank + 9 + 3] ^= 0x10;
        assertEquals(file + ": checksum mismatch in section 2 (RANK) at offset " + rank, failure(bad));
    }

    @Test
    void badMagic() throws Exception {
        byte[] bad = good.clone();
        bad[0] = 'X';
        assertEquals(file + ": not an mpjtrace file (bad magic)", failure(bad));
        assertEquals(file + ": not an mpjtrace file (bad magic)", failure("hello".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(file + ": not an mpjtrace file (bad magic)", failure(PayloadCodec.encode(
                new RankPayload(TraceSamples.rank(0), TraceSamples.sites()))));
    }

    @Test
    void unknownVersion() throws Exception {
        byte[] bad = good.clone();
        ByteBuffer.wrap(bad).putInt(8, 99);
        TraceSamples.assertContains(failure(bad), "unsupported format version 99 at offset 8");
    }

    @Test
    void absurdSectionLengths() throws Exception {
        int rank = sectionOffset(good, 1);
        byte[] bad = good.clone();
        ByteBuffer.wrap(bad).putInt(rank + 1, Integer.MAX_VALUE);
        TraceSamples.assertContains(failure(bad), "truncated: section 1 (RANK) at offset " + rank, "needs " + (Integer.MAX_VALUE + 9L) + " bytes");
        ByteBuffer.wrap(bad).putInt(rank + 1, -1);
        TraceSamples.assertContains(failure(bad), "corrupt section 1 (RANK) at offset " + rank + ": negative body length -1");
    }

    @Test
    void absurdBlockLengthsBehindAGoodChecksum() throws Exception {
        byte[] body = new byte[16];
        ByteBuffer.wrap(body).putInt(1 << 30).putInt(8);
        TraceSamples.assertContains(failure(new FileForge().body(SectionKind.META.code, body).toByteArray()),
                "corrupt section 0 (META) at offset 12: block at body offset 0 declares 1073741824 raw bytes");
        ByteBuffer.wrap(body).putInt(0, 100).putInt(4, 1_000_000);
        TraceSamples.assertContains(failure(new FileForge().body(SectionKind.META.code, body).toByteArray()),
                "declares 1000000 packed bytes, 8 left");
        ByteBuffer.wrap(body).putInt(0, 100).putInt(4, 8);
        TraceSamples.assertContains(failure(new FileForge().body(SectionKind.META.code, body).toByteArray()),
                "corrupt section 0 (META) at offset 12: block at body offset 0");
        TraceSamples.assertContains(failure(new FileForge().body(SectionKind.META.code, new byte[5]).toByteArray()), "header cut short");
    }

    @Test
    void absurdCountsBehindAGoodChecksumAllocateNothing() throws Exception {
        FileForge events = new FileForge().section(SectionKind.META, TraceSamples.meta(3)).raw(SectionKind.RANK.code, out -> {
            out.writeVarInt(TraceKryo.RANK_TRACE, true);
            out.writeVarInt(0, false);
            Strings.write(out, "h");
            out.writeLong(0);
            out.writeVarInt(150_000_000, true); // 1.8 billion longs if believed
        });
        TraceSamples.assertContains(failure(events.toByteArray()), "corrupt section 1 (RANK) at offset", "event count 150000000 needs at least");

        FileForge string = new FileForge().raw(SectionKind.META.code, out -> {
            out.writeVarInt(TraceKryo.JOB_META, true);
            out.writeVarInt(Integer.MAX_VALUE, true);
        });
        TraceSamples.assertContains(failure(string.toByteArray()), "corrupt section 0 (META) at offset 12: string of 2147483646 bytes, over the 1048576 allowed");

        FileForge sites = new FileForge().section(SectionKind.META, TraceSamples.meta(3)).raw(SectionKind.SITES.code, out -> {
            out.writeVarInt(TraceKryo.SITE_TABLE, true);
            out.writeVarInt(-1, true);
        });
        TraceSamples.assertContains(failure(sites.toByteArray()), "corrupt section 1 (SITES)", "call site count 4294967295 out of range");
    }

    @Test
    void undecodableAndMismatchedData() throws Exception {
        TraceSamples.assertContains(failure(new FileForge().raw(SectionKind.META.code, out -> out.writeVarInt(TraceKryo.JOB_META, true)).toByteArray()),
                "corrupt section 0 (META) at offset 12: undecodable data (KryoBufferUnderflowException: Buffer underflow.)");
        TraceSamples.assertContains(failure(new FileForge().raw(SectionKind.META.code, out -> {
            out.writeVarInt(TraceKryo.RANK_TRACE, true);
        }).toByteArray()), "holds class id 26, a META section holds id 20");
        FileForge extra = new FileForge().raw(SectionKind.META.code, out -> {
            out.writeVarInt(TraceKryo.JOB_META, true);
            new JobMetaSerializer(Layout.VERSION).write(null, out, TraceSamples.meta(3));
            out.writeBytes(new byte[7]);
        });
        TraceSamples.assertContains(failure(extra.toByteArray()), "7 bytes left over after the data");
    }

    @Test
    void aVersion7FileIsReadWithItsEndingNotRecordedAndOlderOnesAreRefused() throws Exception {
        // Version 7's META is version 8's without its last two fields, the ending and the class that called
        // MPI.Init (strings of under 127 bytes here: length + 1 in one byte, then the bytes), and without
        // version 16's attach time after them (0 here: one byte).
        JobMeta meta = TraceSamples.meta(3);
        int sections = sectionCount(good);
        FileForge v7 = new FileForge(7).raw(SectionKind.META.code, out -> {
            Output full = new Output(256, -1);
            new JobMetaSerializer(Layout.VERSION).write(null, full, meta);
            out.writeVarInt(TraceKryo.JOB_META, true);
            out.writeBytes(full.toBytes(), 0, full.position() - 3 - meta.ending().length() - meta.initClass().length());
        });
        // Ranks as version 7 wrote them: as now, but for what version 12 added (the call times' and paused spans' counts, one byte each).
        for (int rank : new int[] {2, 0, 1}) {
            RankTrace r = TraceSamples.rank(rank);
            RankStats st = r.stats();
            RankStats noPauses = new RankStats(st.ringWaits(), st.ringWaitNanos(), st.internalErrors(), st.disabledReason(), st.memory(),
                    st.setupNanos());
            RankTrace noTimes = new RankTrace(r.rank(), r.host(), r.initNanos(), r.eventCount(), r.words(), r.comms(), r.datatypes(),
                    r.redops(), noPauses, r.arrays(), r.ownArguments(), r.stackSummaries());
            Output rankBytes = new Output(4096, -1);
            // Statistics as before version 12 too: without the paused spans' count (one byte, 0), their last.
            com.esotericsoftware.kryo.Kryo old = TraceKryo.create();
            // Stack summaries as before version 15: without the byte that says which own values follow.
            old.register(StackSummary.class, new com.esotericsoftware.kryo.Serializer<StackSummary>() {
                @Override
                public void write(com.esotericsoftware.kryo.Kryo k, Output out, StackSummary x) {
                    new StackSummarySerializer(Layout.VERSION).write(k, out, new StackSummary(x.stack(), x.calls(), x.computeNanos(), x.peer(), x.peer2()));
                    out.setPosition(out.position() - 1);
                }

                @Override
                public StackSummary read(com.esotericsoftware.kryo.Kryo k, com.esotericsoftware.kryo.io.Input in, Class<? extends StackSummary> type) {
                    throw new UnsupportedOperationException("write only");
                }
            }, TraceKryo.STACK_SUMMARY);
            old.register(RankStats.class, new com.esotericsoftware.kryo.Serializer<RankStats>() {
                @Override
                public void write(com.esotericsoftware.kryo.Kryo k, Output out, RankStats stats) {
                    new RankStatsSerializer(Layout.VERSION).write(k, out, stats);
                    out.setPosition(out.position() - 1);
                }

                @Override
                public RankStats read(com.esotericsoftware.kryo.Kryo k, com.esotericsoftware.kryo.io.Input in, Class<? extends RankStats> type) {
                    throw new UnsupportedOperationException("write only");
                }
            }, TraceKryo.RANK_STATS);
            // The tables row by row, as before version 23 (ListCodec), and no call times.
            rankBytes.writeVarInt(noTimes.rank(), false);
            Strings.write(rankBytes, noTimes.host());
            rankBytes.writeLong(noTimes.initNanos());
            rankBytes.writeVarInt(noTimes.eventCount(), true);
            EventWords.write(rankBytes, noTimes.words(), noTimes.eventCount(), noTimes.initNanos());
            ListCodec.write(old, rankBytes, new java.util.ArrayList<>(noTimes.comms()));
            ListCodec.write(old, rankBytes, new java.util.ArrayList<>(noTimes.datatypes()));
            ListCodec.write(old, rankBytes, new java.util.ArrayList<>(noTimes.redops()));
            old.writeObject(rankBytes, noTimes.stats());
            ListCodec.write(old, rankBytes, noTimes.arrays());
            ListCodec.write(old, rankBytes, noTimes.ownArguments());
            ListCodec.write(old, rankBytes, noTimes.stackSummaries());
            v7.raw(SectionKind.RANK.code, out -> {
                out.writeVarInt(TraceKryo.RANK_TRACE, true);
                out.writeBytes(rankBytes.toBytes(), 0, rankBytes.position());
            });
        }
        // The sample's one SITES section as before version 20: each signature as 8 fixed bytes, without the byte that says so.
        assertEquals(sections - 1, 5, "sections: META, three RANKs, SITES, END");
        v7.raw(SectionKind.SITES.code, out -> {
            out.writeVarInt(TraceKryo.SITE_TABLE, true);
            out.writeVarInt(TraceSamples.sites().size(), true);
            for (CallSite site : TraceSamples.sites()) {
                Output one = new Output(256, -1);
                new CallSiteSerializer(Layout.VERSION).write(null, one, site);
                byte[] b = one.toBytes();
                out.writeBytes(b, 0, b.length - 9); // the flag (1: written) and the 8 bytes
                out.writeBytes(b, b.length - 8, 8);
            }
        })
                // Before version 9, END held the number of sections before it alone.
                .raw(SectionKind.END.code, out -> {
                    out.writeVarInt(TraceKryo.END_MARK, true);
                    out.writeVarInt(sections - 1, true);
                });
        Files.write(file, v7.toByteArray());
        TraceFile read = TraceReader.read(file);
        assertEquals(JobMetaSerializer.ENDING_NOT_RECORDED, read.meta().ending());
        assertEquals(meta.mainClass(), read.meta().initClass(), "version 7's main class was the class that called MPI.Init");
        assertEquals(TraceReader.read(dir.resolve("good.mpjt")).ranks().size(), read.ranks().size());

        byte[] v6 = good.clone();
        ByteBuffer.wrap(v6).putInt(8, 6);
        assertEquals(file + ": unsupported format version 6 at offset 8 (this mpjtrace reads version 7 to " + Layout.VERSION + ")", failure(v6));
    }

    @Test
    void unknownSectionKind() throws Exception {
        byte[] bad = new FileForge().section(SectionKind.META, TraceSamples.meta(3)).body(77, new byte[3]).toByteArray();
        assertEquals(file + ": corrupt section 1 (kind 77) at offset " + sectionOffset(bad, 1) + ": unknown section kind 77", failure(bad));
    }

    @Test
    void bytesAfterEnd() throws Exception {
        byte[] bad = Arrays.copyOf(good, good.length + 3);
        assertEquals(file + ": corrupt: 3 bytes after END, from offset " + good.length, failure(bad));
    }

    @Test
    void sectionOrderAndCounts() throws Exception {
        JobMeta meta = TraceSamples.meta(3);
        SiteTable sites = new SiteTable(TraceSamples.sites());
        TraceSamples.assertContains(failure(new FileForge().section(SectionKind.SITES, sites).toByteArray()),
                "corrupt section 0 (SITES) at offset 12: a trace file starts with META");
        TraceSamples.assertContains(failure(new FileForge().section(SectionKind.META, meta).section(SectionKind.META, meta).toByteArray()),
                "corrupt section 1 (META)", "second META section");
        TraceSamples.assertContains(failure(new FileForge().section(SectionKind.META, meta).section(SectionKind.SITES, sites)
                .section(SectionKind.SITES, sites).toByteArray()), "corrupt section 2 (SITES)", "second SITES section");
        TraceSamples.assertContains(failure(new FileForge().section(SectionKind.META, meta).section(SectionKind.SITES, sites)
                .section(SectionKind.END, new EndMark(1)).toByteArray()), "corrupt section 2 (END)", "END counts 1 sections before it, there are 2");
        TraceSamples.assertContains(failure(new FileForge().section(SectionKind.META, meta).section(SectionKind.END, new EndMark(1)).toByteArray()),
                "corrupt section 1 (END)", "no SITES section before END");
        TraceSamples.assertContains(failure(new FileForge().section(SectionKind.META, meta)
                .section(SectionKind.PAYLOAD, new RankPayload(TraceSamples.rank(0), List.of())).toByteArray()),
                "corrupt section 1 (PAYLOAD)", "does not belong in a trace file");
        TraceSamples.assertContains(failure(new FileForge().section(SectionKind.META, TraceSamples.meta(0)).toByteArray()),
                "corrupt section 0 (META)", "world size 0 is not positive");
    }

    @Test
    void rankRules() throws Exception {
        RankTrace r0 = TraceSamples.rank(0);
        TraceSamples.assertContains(failure(metaAndRank(TraceSamples.rank(0)).section(SectionKind.RANK, r0).toByteArray()),
                "corrupt section 2 (RANK)", "rank 0 again (first in section 1 (RANK) at offset");
        TraceSamples.assertContains(failure(metaAndRank(TraceSamples.randomRank(3, 2, 5, 1)).toByteArray()),
                "corrupt section 1 (RANK)", "rank 3 outside [0, 3)");
        // (Words that do not match the event count cannot be written: the encoding stores the events
        // the count names, so the reader rebuilds exactly count * WORDS words; the writer refuses them.)

        long[] badOp = r0.words().clone();
        badOp[RankTrace.base(2) + Event.W_OP_SITE] = Event.pack(999, 1);
        TraceSamples.assertContains(failure(metaAndRank(withWords(r0, 6, badOp)).toByteArray()), "rank 0: event 2 has unknown op code 999");

        long[] badSite = r0.words().clone();
        badSite[RankTrace.base(4) + Event.W_OP_SITE] = Event.pack(Event.opCode(badSite, RankTrace.base(4)), 5);
        byte[] bytes = metaAndRank(withWords(r0, 6, badSite)).section(SectionKind.SITES, new SiteTable(TraceSamples.sites()))
                .section(SectionKind.END, new EndMark(3)).toByteArray();
        TraceSamples.assertContains(failure(bytes), "corrupt section 1 (RANK) at offset " + sectionOffset(bytes, 1),
                "rank 0: event 4 names call site 5, the site table has 5");

        // Since version 23 a table's ids are its rows' indexes (FoldedInfosIo): its writer refuses any other.
        RankTrace badTable = new RankTrace(0, "h", 0, 0, new long[0], List.of(), List.of(), List.of(new org.mpjtrace.trace.RedOpInfo(1, 3)),
                RankStats.EMPTY);
        assertThrows(IllegalArgumentException.class, () -> metaAndRank(badTable));

        int[] counts = {1, 2, 3};
        CallArrays good = new CallArrays(CallArrays.digestOf(counts, null, null, null), counts, null, null, null);
        CallArrays misfiled = new CallArrays(good.digest() + 1, counts, null, null, null);
        TraceSamples.assertContains(failure(metaAndRank(withArrays(r0, List.of(misfiled))).toByteArray()),
                "rank 0: call arrays " + Long.toHexString(good.digest() + 1) + " do not hash to their digest");
        TraceSamples.assertContains(failure(metaAndRank(withArrays(r0, List.of(good, good))).toByteArray()),
                "rank 0: call arrays " + Long.toHexString(good.digest()) + " listed twice");

        OwnArguments split = new OwnArguments(Op.SPLIT.code, -1, -1, -1, -1, 1, 2, 0, 1);
        TraceSamples.assertContains(failure(metaAndRank(withOwnArguments(r0, List.of(split, new OwnArguments(Op.SEND.code, -1, -1, 1, -1, -1, -1, 0, 1))))
                .toByteArray()), "rank 0: own arguments of op code " + Op.SEND.code + ", which keeps none");
        TraceSamples.assertContains(failure(metaAndRank(withOwnArguments(r0, List.of(new OwnArguments(Op.SPLIT.code, -1, -1, -1, -1, 1, 2, 0, 0))))
                .toByteArray()), "rank 0: own arguments repeated 0 times");

        TraceSamples.assertContains(failure(metaAndRank(withStackSummarys(r0, List.of(new StackSummary(0x2a, -1, 0, 1, 1)))).toByteArray()),
                "rank 0: -1 calls counted for stack 2a");
        TraceSamples.assertContains(failure(metaAndRank(withStackSummarys(r0, List.of(new StackSummary(0x2a, 3, 0, StackSummary.VARIES, 1,
                java.util.Map.of(org.mpjtrace.trace.fold.Field.PEER, TraceSamples.ownValues(1, -1)))))).toByteArray()), "rank 0: 2 own values kept for the 3 calls of stack 2a");
        TraceSamples.assertContains(failure(metaAndRank(withStackSummarys(r0, List.of(new StackSummary(0x2a, 1, -5, 1, 1)))).toByteArray()),
                "rank 0: -5 ns of compute counted for stack 2a");
        TraceSamples.assertContains(failure(metaAndRank(withStackSummarys(r0, List.of(new StackSummary(0x2a, 1, 0, 1, 1), new StackSummary(0x2a, 2, 0, 1, 1)))).toByteArray()),
                "rank 0: calls of stack 2a counted twice");

        List<CallSite> misnumbered = List.of(TraceSamples.sites().get(1));
        TraceSamples.assertContains(failure(new FileForge().section(SectionKind.META, TraceSamples.meta(3))
                .section(SectionKind.SITES, new SiteTable(misnumbered)).toByteArray()), "call site at index 0 has id 1");
    }
}
