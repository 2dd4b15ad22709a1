package org.mpjtrace.cli.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every mutant that ever broke the reader or a command stays fixed: refused in one line, or usable. */
class FuzzRegressionTest {
    @TempDir
    Path scratch;

    @Test
    void everySavedMutantIsRefusedInOneLineOrWorksWithEveryCommand() throws Exception {
        List<Path> saved = Corpus.regressions();
        assertFalse(saved.isEmpty(), "no saved mutants under fuzz/regressions");
        for (Path p : saved) {
            try {
                MutantCheck.check(p, scratch);
            } catch (MutantCheck.Failure e) {
                throw new AssertionError(p.getFileName() + ": " + e.getMessage(), e);
            }
        }
    }
}
