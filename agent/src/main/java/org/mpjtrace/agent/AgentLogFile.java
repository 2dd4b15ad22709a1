package org.mpjtrace.agent;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tracer's log file, beside the trace ({@code OUTPUT.log}): what the agent could not do to a class,
 * once per class, rather than on the program's stderr (a class that fails in every rank's loader of a
 * multicore JVM would fill it). Created at the first line, appended to by every JVM of the job (each line
 * names its process); a symlink at its path is not followed. A log that cannot be written loses its
 * line and nothing else.
 */
final class AgentLogFile {
    private final Path path;
    private final Set<String> logged = ConcurrentHashMap.newKeySet();

    AgentLogFile(Path path) {
        this.path = path;
    }

    /** The log of a trace written to {@code output}. */
    static AgentLogFile beside(Path output) {
        return new AgentLogFile(output.resolveSibling(output.getFileName() + ".log"));
    }

    Path path() {
        return path;
    }

    /** Writes {@code line} unless a line was already written under {@code key}. */
    void once(String key, String line) {
        if (!logged.add(key)) return;
        String text = Instant.now() + " pid " + ProcessHandle.current().pid() + ": " + line + System.lineSeparator();
        synchronized (this) {
            try (OutputStream out = Files.newOutputStream(path, StandardOpenOption.CREATE, StandardOpenOption.APPEND,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                out.write(text.getBytes(StandardCharsets.UTF_8));
            } catch (IOException | RuntimeException e) {
                // The log is the tracer's own: a line it cannot keep must not reach the program.
            }
        }
    }

    /** Whether anything was written to the log by this JVM. */
    boolean used() {
        return !logged.isEmpty();
    }
}
