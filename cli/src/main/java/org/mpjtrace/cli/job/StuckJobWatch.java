package org.mpjtrace.cli.job;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.stream.Stream;
import org.mpjtrace.runtime.collective.EndedEarlyNote;

/**
 * Notices a niodev job that can no longer finish. MPJ 0.44's starter waits forever when rank JVMs die
 * before finishing (a bad agent option, a class that does not load): the daemon reports nothing. The
 * rank JVMs are children of our own daemon, so when the daemon has had no children for a while the
 * job is over, whatever the starter thinks. Nor does the daemon report one rank JVM that ends before
 * MPI.Finalize (System.exit, SIGTERM) while the others wait for it for good: a traced one leaves a note
 * ({@link EndedEarlyNote}) in the daemon's folder, read here. A job whose ranks are alive but blocked is
 * not detected here: one whose rank threw is told by its output ({@link JobOutput}), any other only by a
 * timeout, and an untraced rank that exits only by stopping the job by hand.
 */
final class StuckJobWatch {
    /** Ranks appear within about a second of the starter; far longer means they died unseen. */
    static final long NEVER_SEEN_NANOS = TimeUnit.SECONDS.toNanos(30);
    /** A finished job's starter exits within milliseconds of its last rank; allow for a slow machine. */
    static final long GONE_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final ProcessHandle daemon;
    /** Where the daemon's rank JVMs note that they ended before MPI.Finalize, or null. */
    private final Path notes;
    private final LongSupplier clock;
    private final long started;
    private boolean seen;
    private String endedEarly;
    private long emptySince = -1;

    StuckJobWatch(ProcessHandle daemon, Path notes) {
        this(daemon, notes, System::nanoTime);
    }

    StuckJobWatch(ProcessHandle daemon, Path notes, LongSupplier clock) {
        this.daemon = daemon;
        this.notes = notes;
        this.clock = clock;
        this.started = clock.getAsLong();
    }

    /**
     * Stops the job's rank JVMs, our daemon's children, together: SIGTERM first, so that a traced rank writes
     * what it holds as it exits, then a kill after {@code graceMillis}.
     */
    void stopRanks(long graceMillis) {
        ProcessTrees.destroy(daemon.children().toList(), graceMillis);
    }

    /**
     * Call periodically while the starter runs: what ended before MPI.Finalize, e.g. "rank 2 ended before
     * MPI.Finalize (its JVM exited)", once a rank JVM said so; else null. Of several seen at once, the lowest
     * rank's; once seen it stays the answer, as the ranks stopped after it leave notes too.
     */
    String endedEarly() {
        if (endedEarly == null) endedEarly = readNotes();
        return endedEarly;
    }

    private String readNotes() {
        if (notes == null) return null;
        try (Stream<Path> files = Files.list(notes)) {
            Path first = files.filter(f -> f.getFileName().toString().matches(EndedEarlyNote.PREFIX + "\\d+"))
                    .min(Comparator.comparingInt(f -> Integer.parseInt(f.getFileName().toString().substring(EndedEarlyNote.PREFIX.length()))))
                    .orElse(null);
            return first == null ? null : describe(Files.readString(first, StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return null; // no folder, or a note being replaced: look again at the next poll
        }
    }

    /** A note's line ("2 exit", "3,5 SIGTERM") as a sentence; null if it is not one. */
    static String describe(String note) {
        String[] parts = note.strip().split(" ");
        if (parts.length != 2 || !parts[0].matches("\\d+(,\\d+)*") || parts[1].isEmpty()) return null;
        String ranks = parts[0].contains(",") ? "ranks " + parts[0].replace(",", ", ") : "rank " + parts[0];
        String how = parts[1].equals("exit") ? "its JVM exited" : "its JVM got " + parts[1];
        return ranks + " ended before MPI.Finalize (" + how + ")";
    }

    /** Call periodically while the starter runs; true once the job's ranks are gone for good. */
    boolean stuck() {
        long now = clock.getAsLong();
        if (daemon.children().findAny().isPresent()) {
            seen = true;
            emptySince = -1;
            return false;
        }
        if (!seen && now - started < NEVER_SEEN_NANOS) return false;
        if (emptySince < 0) emptySince = now;
        return now - emptySince >= GONE_NANOS;
    }
}
