package org.mpjtrace.runtime.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputPathTest {
    @TempDir
    Path dir;

    private List<String> names() throws Exception {
        try (var list = Files.list(dir)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aWritableFolderPassesAndKeepsNoProbeFile() throws Exception {
        assertNull(OutputPath.problem(dir.resolve("t.mpjt")));
        Files.writeString(dir.resolve("old.mpjt"), "an earlier trace");
        assertNull(OutputPath.problem(dir.resolve("old.mpjt")), "an existing trace may be replaced");
        assertEquals(List.of("old.mpjt"), names());
    }

    @Test
    void aMissingFolderOrAFolderAtThePathIsAProblem() throws Exception {
        assertEquals("no such directory " + dir.resolve("none"), OutputPath.problem(dir.resolve("none").resolve("t.mpjt")));
        Path folder = Files.createDirectory(dir.resolve("t.mpjt"));
        assertEquals(folder + " is a directory", OutputPath.problem(folder));
        Path file = Files.writeString(dir.resolve("plain"), "x");
        assertTrue(OutputPath.problem(file.resolve("t.mpjt")).startsWith("no such directory"), "a file is no folder");
    }

    @Test
    void aFolderThatTakesNoNewFileIsAProblemEvenForRoot() throws Exception {
        Path readOnly = Files.createDirectory(dir.resolve("ro"));
        // Root ignores permission bits; the immutable attribute stops it too, where chattr works.
        Process p = new ProcessBuilder("chattr", "+i", readOnly.toString()).redirectErrorStream(true).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(p.waitFor() == 0, "chattr +i is not available here");
        try {
            assertTrue(OutputPath.problem(readOnly.resolve("t.mpjt")).startsWith("cannot create files in " + readOnly + " ("),
                    OutputPath.problem(readOnly.resolve("t.mpjt")));
        } finally {
            new ProcessBuilder("chattr", "-i", readOnly.toString()).start().waitFor();
        }
    }

    @Test
    void aLaterSessionsTraceGoesBesideTheFirstWithItsNumberBeforeTheExtension() {
        Path first = dir.resolve("run.mpjt");
        assertEquals(first, OutputPath.forSession(first, 1));
        assertEquals(dir.resolve("run-session2.mpjt"), OutputPath.forSession(first, 2));
        assertEquals(dir.resolve("trace-session3"), OutputPath.forSession(dir.resolve("trace"), 3));
        assertEquals(dir.resolve(".hidden-session2"), OutputPath.forSession(dir.resolve(".hidden"), 2), "a leading dot is no extension");
        assertEquals(dir.resolve("a.b-session2.mpjt"), OutputPath.forSession(dir.resolve("a.b.mpjt"), 2));
    }
}
