package org.mpjtrace.runtime.collective;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.StringJoiner;

/**
 * Tells {@code mpjtrace run} that ranks of this JVM ended before MPI.Finalize, by a one-line file in the
 * folder the environment variable {@link #FOLDER_VARIABLE} names. Why: on niodev every rank is a JVM of
 * its own, and MPJ Express 0.44's daemon tells the starter nothing when one of them ends; the other ranks
 * wait for it in their next collective for good, and so did {@code run}. mpirun aborts a job one of whose
 * processes ends without MPI_Finalize; with this note {@code run} does the same. {@code run} sets the
 * variable for the niodev daemon it starts, whose rank JVMs inherit it; without it (multicore, whose JVM's
 * end is the job's; a daemon of the user's; no {@code run}) nothing is written.
 *
 * <p>The file, {@code rank-N} for the JVM's lowest such rank, holds the ranks and how the JVM ended, e.g.
 * {@code 2 exit} or {@code 2 SIGTERM}; it is written aside and renamed, so that a reader never sees half of
 * it. Written from the exit hook ({@link ExitTrace}), never on a call's path; a note that cannot be written
 * is left unwritten, and the job then ends as it would have without it.
 */
public final class EndedEarlyNote {
    /** The variable naming the folder; its value is a folder that exists and that {@code run} reads. */
    public static final String FOLDER_VARIABLE = "MPJTRACE_ENDED_EARLY";
    /** The notes' file names start with this. */
    public static final String PREFIX = "rank-";

    private EndedEarlyNote() {}

    /** {@code ranks}: this JVM's ranks that did not reach MPI.Finalize, in order; {@code ending}: "exit" or the signal. */
    static void write(List<Integer> ranks, String ending) {
        String folder = System.getenv(FOLDER_VARIABLE);
        if (folder == null || folder.isEmpty() || ranks.isEmpty()) return;
        try {
            StringJoiner line = new StringJoiner(",", "", " " + ending + "\n");
            for (int r : ranks) line.add(Integer.toString(r));
            Path file = Path.of(folder).resolve(PREFIX + ranks.get(0));
            Path aside = file.resolveSibling(file.getFileName() + ".tmp");
            Files.write(aside, line.toString().getBytes(StandardCharsets.US_ASCII));
            Files.move(aside, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (Throwable t) {
            // Only a hint to run: the job ends as it would have without it.
        }
    }
}
