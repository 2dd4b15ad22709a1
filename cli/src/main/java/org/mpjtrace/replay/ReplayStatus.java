package org.mpjtrace.replay;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Rank 0's one-line status for {@code mpjtrace replay} on a terminal ({@code replaying on 16 ranks:
 * rank 0 made 120000 calls}), written to the file the command polls at most twice a second: the clock is
 * read every 1024 calls, the file replaced whole. Only a convenience: a status that cannot be written is
 * left unwritten and the replay goes on.
 */
final class ReplayStatus {
    private static final long EVERY_NANOS = 500_000_000L;
    private final Path file;
    private final int ranks;
    private long calls;
    private long last = System.nanoTime();

    ReplayStatus(Path file, int ranks) {
        this.file = file;
        this.ranks = ranks;
        write("replaying on " + ranks + " ranks");
    }

    void called() {
        if ((++calls & 1023) != 0) return;
        long now = System.nanoTime();
        if (now - last < EVERY_NANOS) return;
        last = now;
        write("replaying on " + ranks + " ranks: rank 0 made " + calls + " calls");
    }

    private void write(String status) {
        try {
            Path aside = file.resolveSibling(file.getFileName() + ".tmp");
            Files.write(aside, status.getBytes(StandardCharsets.UTF_8));
            Files.move(aside, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (Exception e) {
            // The status is for the eye; the replay does not depend on it.
        }
    }
}
