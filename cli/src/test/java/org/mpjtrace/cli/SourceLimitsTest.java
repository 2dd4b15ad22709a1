package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The house rules every module's main sources keep, so that a reader finds a thing by its package and
 * reads a file in one sitting: no package over 25 files, no file over 400 lines. Runs from the cli
 * module, the one that depends on all the others, over every module of the project.
 */
class SourceLimitsTest {
    private static final int MAX_FILES_PER_PACKAGE = 25;
    private static final int MAX_LINES_PER_FILE = 400;
    private static final Path PROJECT = Path.of("..");

    @Test
    void noPackageHoldsMoreThan25MainSourceFilesAndNoneOfThemIsOver400Lines() throws IOException {
        Map<Path, Integer> perPackage = new TreeMap<>();
        List<String> tooLong = new ArrayList<>();
        List<Path> roots = mainSourceRoots();
        assertTrue(roots.size() >= 6, "found the modules' main sources: " + roots);
        for (Path root : roots) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                    perPackage.merge(f.getParent(), 1, Integer::sum);
                    long lines;
                    try (Stream<String> l = Files.lines(f)) {
                        lines = l.count();
                    }
                    if (lines > MAX_LINES_PER_FILE) tooLong.add(f + " (" + lines + " lines)");
                }
            }
        }
        List<String> crowded = new ArrayList<>();
        perPackage.forEach((dir, n) -> {
            if (n > MAX_FILES_PER_PACKAGE) crowded.add(dir + " (" + n + " files)");
        });
        assertTrue(crowded.isEmpty(), "packages over " + MAX_FILES_PER_PACKAGE + " main source files: " + crowded);
        assertTrue(tooLong.isEmpty(), "main source files over " + MAX_LINES_PER_FILE + " lines: " + tooLong);
    }

    private static List<Path> mainSourceRoots() throws IOException {
        List<Path> roots = new ArrayList<>();
        try (Stream<Path> modules = Files.list(PROJECT)) {
            for (Path m : (Iterable<Path>) modules.sorted()::iterator) {
                Path main = m.resolve("src/main/java");
                if (Files.isDirectory(main) && Files.exists(m.resolve("pom.xml"))) roots.add(main);
            }
        }
        return roots;
    }
}
