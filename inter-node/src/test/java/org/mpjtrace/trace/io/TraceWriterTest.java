package org.mpjtrace.trace.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;

class TraceWriterTest {
    @TempDir
    Path dir;

    private static String refusal(Class<? extends Throwable> type, org.junit.jupiter.api.function.Executable call) {
        return assertThrows(type, call).getMessage();
    }

    @Test
    void closedWithoutCommitLeavesTheCommittedFileIntact() throws Exception {
        Path file = TraceSamples.writeSample(dir.resolve("run.mpjt"));
        byte[] before = Files.readAllBytes(file);
        try (TraceWriter writer = TraceWriter.create(file, TraceSamples.meta(5))) {
            writer.writeRank(TraceSamples.randomRank(4, 100, 5, 1));
            assertTrue(Files.size(writer.temp()) > 0, "writes go to the temp file");
            assertEquals(List.of("run.mpjt", writer.temp().getFileName().toString()), namesInDir());
        }
        assertArrayEquals(before, Files.readAllBytes(file));
        assertEquals(List.of("run.mpjt"), namesInDir(), "temp file removed");
        assertEquals(3, TraceReader.read(file).ranks().size());
    }

    @Test
    void closedWithoutCommitLeavesNoFileWhereThereWasNone() throws Exception {
        Path file = dir.resolve("none.mpjt");
        try (TraceWriter writer = TraceWriter.create(file, TraceSamples.meta(1))) {
            writer.writeSites(TraceSamples.sites());
        }
        assertEquals(List.of(), namesInDir());
    }

    @Test
    void commitReplacesTheOldFile() throws Exception {
        Path file = TraceSamples.writeSample(dir.resolve("run.mpjt"));
        try (TraceWriter writer = TraceWriter.create(file, TraceSamples.meta(1))) {
            writer.writeSites(TraceSamples.sites());
            writer.writeRank(TraceSamples.randomRank(0, 10, 5, 3)); // sites before ranks is fine too
            writer.commit();
        }
        assertEquals(1, TraceReader.read(file).ranks().size());
        assertEquals(List.of("run.mpjt"), namesInDir());
    }

    @Test
    void symlinksPlantedAtTheTargetOrTheOldTempNameAreReplacedNotFollowed() throws Exception {
        Path victim = Files.writeString(dir.resolve("victim.txt"), "keep me");
        Path file = dir.resolve("run.mpjt");
        Files.createSymbolicLink(file, victim);
        Files.createSymbolicLink(dir.resolve("run.mpjt.tmp"), victim);
        try (TraceWriter writer = TraceWriter.create(file, TraceSamples.meta(1))) {
            writer.writeSites(TraceSamples.sites());
            writer.writeRank(TraceSamples.randomRank(0, 10, 5, 3));
            writer.commit();
        }
        assertEquals("keep me", Files.readString(victim));
        assertFalse(Files.isSymbolicLink(file), "the rename replaced the link itself");
        assertEquals(1, TraceReader.read(file).ranks().size());
    }

    @Test
    void twoWritersOfOneTargetEachPublishAWholeFile() throws Exception {
        Path file = dir.resolve("run.mpjt");
        try (TraceWriter first = TraceWriter.create(file, TraceSamples.meta(1));
             TraceWriter second = TraceWriter.create(file, TraceSamples.meta(2))) {
            assertNotEquals(first.temp(), second.temp());
            first.writeSites(TraceSamples.sites());
            second.writeSites(TraceSamples.sites());
            first.writeRank(TraceSamples.randomRank(0, 10, 5, 3));
            second.writeRank(TraceSamples.randomRank(0, 20, 5, 4));
            second.writeRank(TraceSamples.randomRank(1, 20, 5, 5));
            first.commit();
            assertEquals(1, TraceReader.read(file).ranks().size());
            second.commit();
        }
        assertEquals(2, TraceReader.read(file).ranks().size(), "the last commit's file, whole");
        assertEquals(List.of("run.mpjt"), namesInDir());
    }

    /** The names in the test's folder, sorted. */
    private List<String> namesInDir() throws IOException {
        try (var names = Files.list(dir)) {
            return names.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void refusesWhatReadersWouldReject() throws Exception {
        Path file = dir.resolve("r.mpjt");
        RankTrace r0 = TraceSamples.rank(0);
        try (TraceWriter writer = TraceWriter.create(file, TraceSamples.meta(3))) {
            writer.writeRank(r0);
            assertEquals("rank 0 written twice", refusal(IllegalArgumentException.class, () -> writer.writeRank(r0)));
            assertEquals("rank 3 outside [0, 3)", refusal(IllegalArgumentException.class,
                    () -> writer.writeRank(TraceSamples.randomRank(3, 1, 1, 1))));
            RankTrace shortWords = new RankTrace(1, "h", 0, 2, new long[Event.WORDS * 2 - 1], List.of(), List.of(), List.of(),
                    org.mpjtrace.trace.RankStats.EMPTY);
            assertEquals("rank 1: 2 events need 24 words, found 23", refusal(IllegalArgumentException.class, () -> writer.writeRank(shortWords)));
            long[] w = r0.words().clone();
            w[RankTrace.base(1) + Event.W_OP_SITE] = Event.pack(127, 0);
            RankTrace badOp = new RankTrace(1, "h", 0, r0.eventCount(), w, r0.comms(), r0.datatypes(), r0.redops(), r0.stats());
            assertEquals("rank 1: event 1 has unknown op code 127", refusal(IllegalArgumentException.class, () -> writer.writeRank(badOp)));
            assertEquals("no call-site table written", refusal(IllegalStateException.class, writer::commit));
            // rank 0 names sites up to 4: a 4-site table is too small
            assertEquals("rank 0: event 5 names call site 4, the site table has 4",
                    refusal(IllegalArgumentException.class, () -> writer.writeSites(TraceSamples.sites().subList(0, 4))));
            writer.writeSites(TraceSamples.sites());
            assertEquals("call-site table already written", refusal(IllegalStateException.class, () -> writer.writeSites(TraceSamples.sites())));
            assertTrue(refusal(IllegalArgumentException.class, () -> writer.writeRank(TraceSamples.randomRank(2, 50, 9, 5)))
                    .contains("the site table has 5"));
            // Refusals write nothing: the file is still good.
            writer.writeRank(TraceSamples.rank(2));
            writer.commit();
            assertTrue(refusal(IllegalStateException.class, () -> writer.writeRank(TraceSamples.rank(1))).contains("already committed"));
        }
        assertEquals(List.of(0, 2), TraceReader.read(file).ranks().stream().map(RankTrace::rank).toList());
    }

    @Test
    void refusesBadMetadata() throws IOException {
        assertThrows(IllegalArgumentException.class, () -> TraceWriter.create(dir.resolve("m.mpjt"), TraceSamples.meta(0)));
        assertThrows(IllegalArgumentException.class, () -> TraceWriter.create(dir.resolve("m.mpjt"), null));
        assertEquals(List.of(), namesInDir());
    }
}
