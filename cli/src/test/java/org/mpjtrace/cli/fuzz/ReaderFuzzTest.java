package org.mpjtrace.cli.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzzes the reader with mutants of real traces ({@link TraceMutator}) and checks each with
 * {@link MutantCheck}: refused in one line, or usable by every command. Bounded by count and time so it
 * fits the unit-test run; a longer run is
 * {@code -Dmpjtrace.fuzz.count=100000 -Dmpjtrace.fuzz.seconds=3600}, with {@code -Dmpjtrace.fuzz.seed=N}
 * for other mutants. The first failure stops the run, names the seed, the mutant's number and how it was
 * made, and leaves the mutant in target/fuzz-failures to be added to the regression folder.
 */
class ReaderFuzzTest {
    private static final long SEED = Long.getLong("mpjtrace.fuzz.seed", 29);
    private static final int COUNT = Integer.getInteger("mpjtrace.fuzz.count", 2_000);
    private static final long SECONDS = Long.getLong("mpjtrace.fuzz.seconds", 15);

    @TempDir
    Path scratch;

    @Test
    void everyMutantOfARealTraceIsRefusedInOneLineOrWorksWithEveryCommand() throws Exception {
        List<byte[]> corpus = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Path p : Corpus.traces()) {
            corpus.add(Files.readAllBytes(p));
            names.add(p.getFileName().toString());
        }
        assertTrue(corpus.size() >= 5, "corpus: " + names);
        for (int i = 0; i < corpus.size(); i++)
            assertEquals(MutantCheck.ACCEPTED, MutantCheck.check(Corpus.traces().get(i), scratch), names.get(i));

        Random random = new Random(SEED);
        Map<String, Integer> outcomes = new TreeMap<>();
        Path mutantFile = scratch.resolve("mutant.mpjt");
        long deadline = System.nanoTime() + SECONDS * 1_000_000_000L;
        int n = 0;
        for (; n < COUNT && System.nanoTime() < deadline; n++) {
            int source = random.nextInt(corpus.size());
            TraceMutator.Mutant m;
            try {
                m = TraceMutator.mutate(corpus.get(source), random);
            } catch (RuntimeException e) {
                throw new AssertionError("seed " + SEED + ", mutant " + n + " of " + names.get(source) + ": the mutator failed: " + e, e);
            }
            Files.write(mutantFile, m.bytes());
            try {
                outcomes.merge(MutantCheck.check(mutantFile, scratch), 1, Integer::sum);
            } catch (MutantCheck.Failure e) {
                Path kept = Path.of("target", "fuzz-failures", "seed" + SEED + "-mutant" + n + ".mpjt");
                Files.createDirectories(kept.getParent());
                Files.write(kept, m.bytes());
                fail("seed " + SEED + ", mutant " + n + " of " + names.get(source) + " (" + m.what() + "), kept as " + kept + ": "
                        + e.getMessage(), e);
            }
        }
        System.out.println("reader fuzz, seed " + SEED + ": " + n + " mutants of " + corpus.size() + " traces: " + outcomes);
        assertTrue(n >= Math.min(COUNT, 200), "only " + n + " mutants in " + SECONDS + " s");
    }
}
