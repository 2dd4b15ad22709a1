package org.mpjtrace.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The runtime's packages are layers: each may use only the ones below it, so that a reader (and the
 * next change) finds the marker state machine above the rank's own work and never the other way round.
 * Read from the sources' imports (a class of another package is always imported here).
 */
class LayersTest {
    /** Each package's height, bottom 0; a package may use only lower ones. "" is org.mpjtrace.runtime itself. */
    private static final Map<String, Integer> HEIGHT = Map.of("config", 0, "mpj", 0, "sink", 1, "recording", 2, "rank", 3, "collective", 4, "", 5);
    /** An import of a runtime class: group 1 its subpackage, or none for the root package. */
    private static final Pattern USE = Pattern.compile("^import (?:static )?org\\.mpjtrace\\.runtime\\.(?:([a-z]+)\\.)?[A-Z]", Pattern.MULTILINE);
    private static final Path SOURCES = Path.of("src/main/java/org/mpjtrace/runtime");

    @Test
    void everyRuntimePackageImportsOnlyTheLayersBelowIt() throws IOException {
        Map<String, TreeSet<String>> uses = uses();
        assertEquals(new TreeSet<>(HEIGHT.keySet()), new TreeSet<>(uses.keySet()), "the runtime's packages are exactly its layers");
        List<String> wrong = new ArrayList<>();
        uses.forEach((from, targets) -> {
            for (String to : targets) if (HEIGHT.get(to) >= HEIGHT.get(from)) wrong.add((from.isEmpty() ? "runtime" : from) + " -> " + to);
        });
        assertTrue(wrong.isEmpty(), "imports that run up or sideways: " + wrong);
    }

    @Test
    void theRankLayerNamesNothingOfTheCollectiveLayer() throws IOException {
        assertTrue(uses().get("rank").stream().noneMatch("collective"::equals), "RankContext holds RankCollectives, an interface of its own layer");
    }

    private static Map<String, TreeSet<String>> uses() throws IOException {
        Map<String, TreeSet<String>> uses = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                Path dir = SOURCES.relativize(f.getParent());
                String pkg = dir.toString().replace('/', '.');
                TreeSet<String> mine = uses.computeIfAbsent(pkg, p -> new TreeSet<>());
                Matcher m = USE.matcher(Files.readString(f));
                while (m.find()) {
                    String to = m.group(1) == null ? "" : m.group(1);
                    if (!to.equals(pkg)) mine.add(to);
                }
            }
        }
        return uses;
    }
}
