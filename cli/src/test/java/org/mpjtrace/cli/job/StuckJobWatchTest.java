package org.mpjtrace.cli.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Watches this test JVM in place of a daemon, on a fake clock; its child processes play the rank JVMs.
 * {@code cat} stands in for a rank: it lives until its stdin is closed.
 */
class StuckJobWatchTest {
    private final AtomicLong now = new AtomicLong(1_000);

    private void advance(long seconds) {
        now.addAndGet(TimeUnit.SECONDS.toNanos(seconds));
    }

    private static boolean noChildren() {
        return ProcessHandle.current().children().findAny().isEmpty();
    }

    @Test
    void ranksNeverSeenCountAsGoneAfterTheStartupAllowanceAndTheGrace() {
        assumeTrue(noChildren(), "this JVM already has child processes");
        StuckJobWatch w = new StuckJobWatch(ProcessHandle.current(), null, now::get);
        assertFalse(w.stuck());
        advance(29);
        assertFalse(w.stuck());
        advance(2);
        assertFalse(w.stuck(), "the grace period starts now");
        advance(9);
        assertFalse(w.stuck());
        advance(2);
        assertTrue(w.stuck());
    }

    @Test
    void runningRanksKeepTheJobAliveAndTheirEndStartsTheGrace() throws Exception {
        assumeTrue(noChildren(), "this JVM already has child processes");
        Process rank;
        try {
            rank = new ProcessBuilder("cat").start();
        } catch (java.io.IOException e) {
            assumeTrue(false, "no cat here");
            return;
        }
        StuckJobWatch w = new StuckJobWatch(ProcessHandle.current(), null, now::get);
        advance(100);
        assertFalse(w.stuck(), "a rank is running");
        rank.getOutputStream().close();
        assertTrue(rank.waitFor(30, TimeUnit.SECONDS));
        assertFalse(w.stuck(), "ranks seen, now gone: the grace period starts");
        advance(5);
        assertFalse(w.stuck());
        advance(6);
        assertTrue(w.stuck());
    }

    @Test
    void aRankJvmsNoteOfAnEarlyEndIsReadAsASentenceAndTheFirstSeenStays(@TempDir Path notes) throws Exception {
        StuckJobWatch w = new StuckJobWatch(ProcessHandle.current(), notes, now::get);
        assertNull(w.endedEarly(), "no note yet");
        Files.writeString(notes.resolve("rank-3.tmp"), "3 exit\n"); // being written: not read
        assertNull(w.endedEarly());
        Files.writeString(notes.resolve("rank-3"), "3 exit\n");
        Files.writeString(notes.resolve("rank-12"), "12 SIGTERM\n");
        assertEquals("rank 3 ended before MPI.Finalize (its JVM exited)", w.endedEarly());
        // The ranks run stops then leave notes of their own; the first one seen is what ended the job.
        Files.writeString(notes.resolve("rank-0"), "0 SIGTERM\n");
        assertEquals("rank 3 ended before MPI.Finalize (its JVM exited)", w.endedEarly());
    }

    @Test
    void notesAreDescribedOnlyWhenTheyAreWholeLines() {
        assertEquals("ranks 4, 5 ended before MPI.Finalize (its JVM got SIGTERM)", StuckJobWatch.describe("4,5 SIGTERM\n"));
        assertNull(StuckJobWatch.describe(""));
        assertNull(StuckJobWatch.describe("3"));
        assertNull(StuckJobWatch.describe("x exit"));
        assertNull(StuckJobWatch.describe("3 exit extra"));
    }

    @Test
    void withoutANotesFolderNothingEndedEarly(@TempDir Path dir) {
        assertNull(new StuckJobWatch(ProcessHandle.current(), null, now::get).endedEarly());
        assertNull(new StuckJobWatch(ProcessHandle.current(), dir.resolve("gone"), now::get).endedEarly());
    }
}
