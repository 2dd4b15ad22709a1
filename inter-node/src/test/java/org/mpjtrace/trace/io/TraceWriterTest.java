package org.mpjtrace.trace.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
            assertTrue(Files.exists(dir.resolve("run.mpjt.tmp")), "writes go to the temp file");
        }
        assertArrayEquals(before, Files.readAllBytes(file));
        assertFalse(Files.exists(dir.resolve("run.mpjt.tmp")), "temp file removed");
        assertEquals(3, TraceReader.read(file).ranks().size());
    }

    @Test
    void closedWithoutCommitLeavesNoFileWhereThereWasNone() throws Exception {
        Path file = dir.resolve("none.mpjt");
        try (TraceWriter writer = TraceWriter.create(file, TraceSamples.meta(1))) {
            writer.writeSites(TraceSamples.sites());
        }
        assertFalse(Files.exists(file));
        assertFalse(Files.exists(dir.resolve("none.mpjt.tmp")));
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
        assertFalse(Files.exists(dir.resolve("run.mpjt.tmp")));
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
    void refusesBadMetadata() {
        assertThrows(IllegalArgumentException.class, () -> TraceWriter.create(dir.resolve("m.mpjt"), TraceSamples.meta(0)));
        assertThrows(IllegalArgumentException.class, () -> TraceWriter.create(dir.resolve("m.mpjt"), null));
        assertFalse(Files.exists(dir.resolve("m.mpjt.tmp")));
    }
}
