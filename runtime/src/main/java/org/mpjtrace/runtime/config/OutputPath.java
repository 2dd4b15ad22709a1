package org.mpjtrace.runtime.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Whether a trace can be written at a path, checked before a job starts (by {@code mpjtrace run}, and
 * by the agent in each JVM it starts in): a trace that cannot be written is only found out at the end,
 * when the whole job's trace is lost. Its folder must exist and take a new file (a probe file is
 * created and removed: permission bits alone do not tell, e.g. for root or a read-only mount), and the
 * path must not be a folder.
 */
public final class OutputPath {
    private OutputPath() {}

    /**
     * Where the trace of the {@code session}-th MPI session of a JVM goes (MPJ lets a program call
     * MPI.Init again after MPI.Finalize, as test drivers do): the first at {@code file}, the n-th beside
     * it with {@code -sessionN} before the extension ({@code run.mpjt}, {@code run-session2.mpjt}), so a
     * later session never overwrites an earlier one.
     */
    public static Path forSession(Path file, int session) {
        if (session <= 1) return file;
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String numbered = dot > 0 ? name.substring(0, dot) + "-session" + session + name.substring(dot) : name + "-session" + session;
        return file.resolveSibling(numbered);
    }

    /**
     * The one-line status a running job's rank 0 keeps beside its trace ({@code .run.mpjt.progress}),
     * which {@code mpjtrace run} shows on a terminal while it waits: ranks running, the markers acted on,
     * the merge at MPI.Finalize. Removed once the trace is written.
     */
    public static Path progressOf(Path file) {
        return file.resolveSibling("." + file.getFileName() + ".progress");
    }

    /** What stops a trace being written at {@code file}, or null when nothing does. */
    public static String problem(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        Path dir = absolute.getParent();
        if (dir == null || !Files.isDirectory(dir)) return "no such directory " + dir;
        if (Files.isDirectory(absolute, LinkOption.NOFOLLOW_LINKS)) return absolute + " is a directory";
        Path probe = dir.resolve("." + absolute.getFileName() + "." + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".probe");
        try {
            Files.newByteChannel(probe, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS).close();
        } catch (IOException | RuntimeException e) {
            return "cannot create files in " + dir + " (" + TracerLog.describe(e) + ")";
        } finally {
            try {
                Files.deleteIfExists(probe);
            } catch (IOException e) {
                // A leftover empty probe file is harmless; the check's answer stands.
            }
        }
        return null;
    }
}
