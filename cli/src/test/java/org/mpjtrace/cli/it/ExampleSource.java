package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

/** Source lines of the example programs, so tests name call sites by their code rather than by line numbers. */
final class ExampleSource {
    private ExampleSource() {}

    /** The line of examples' {@code Example.java} whose code (trimmed) is exactly {@code code}. */
    static int lineOf(String example, String code) throws IOException {
        return line(example, "'" + code + "'", code::equals);
    }

    /** The line of examples' {@code Example.java} whose code (trimmed) starts with {@code start}. */
    static int lineStarting(String example, String start) throws IOException {
        return line(example, "'" + start + "...'", l -> l.startsWith(start));
    }

    private static int line(String example, String what, Predicate<String> matches) throws IOException {
        Path source = Path.of(System.getProperty("mpjtrace.home"), "examples", "src", "main", "java", "org", "mpjtrace", "examples",
                example + ".java");
        List<String> lines = Files.readAllLines(source);
        int found = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (!matches.test(lines.get(i).trim())) continue;
            assertEquals(-1, found, what + " is on one line of " + source);
            found = i + 1;
        }
        assertTrue(found > 0, what + " is not in " + source);
        return found;
    }
}
