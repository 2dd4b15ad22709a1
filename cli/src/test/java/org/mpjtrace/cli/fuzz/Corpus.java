package org.mpjtrace.cli.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The fuzz test's files under src/test/resources/fuzz: the real traces it mutates, and the mutants that once crashed. */
final class Corpus {
    private Corpus() {}

    /** The real trace files, in name order (see fuzz/corpus/README.md for how they were made). */
    static List<Path> traces() {
        return files("fuzz/corpus");
    }

    /** The saved mutants, in name order. */
    static List<Path> regressions() {
        return files("fuzz/regressions");
    }

    private static List<Path> files(String folder) {
        try (Stream<Path> s = Files.list(Path.of(Corpus.class.getClassLoader().getResource(folder).toURI()))) {
            return s.filter(p -> p.toString().endsWith(".mpjt")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
