package org.mpjtrace.runtime.collective;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.mpjtrace.runtime.config.OutputPath;
import org.mpjtrace.runtime.rank.RankContext;

/**
 * Rank 0's status line for {@code mpjtrace run}, kept in a small file beside the trace
 * ({@link OutputPath#progressOf}): written at MPI.Init, at each marker acted on and at MPI.Finalize,
 * never on a call's path, and replaced whole (written aside, then renamed) so that a reader never sees
 * half of it. Only a convenience: a status that cannot be written is left unwritten, silently, and
 * tracing goes on.
 */
public final class ProgressFile {
    private ProgressFile() {}

    /** Rank 0 only: the job's status is now {@code status}. */
    public static void say(RankContext ctx, String status) {
        if (ctx.rank != 0) return;
        try {
            Path file = OutputPath.progressOf(ctx.output());
            Path aside = file.resolveSibling(file.getFileName() + ".tmp");
            Files.write(aside, status.getBytes(StandardCharsets.UTF_8));
            Files.move(aside, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (Throwable t) {
            // The status is for the eye; the trace does not depend on it.
        }
    }

    /** Rank 0 only: the trace is written, the status goes. */
    static void remove(RankContext ctx) {
        if (ctx.rank != 0) return;
        try {
            Files.deleteIfExists(OutputPath.progressOf(ctx.output()));
        } catch (Throwable t) {
            // A leftover status file is hidden and replaced by the next run.
        }
    }
}
