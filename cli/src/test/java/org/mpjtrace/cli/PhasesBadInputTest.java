package org.mpjtrace.cli;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.TraceFile;

/** {@code mpjtrace phases} refuses what it cannot segment: one line on stderr naming it, exit 2. */
class PhasesBadInputTest {
    @TempDir
    Path dir;

    private static void refused(String mustContain, String... args) {
        Cli.assertRefused(mustContain, args);
    }

    private static String trace() {
        return CorpusFiles.path("phasechange-chameleon").toString();
    }

    @Test
    void aRankNotInTheTraceIsRefused() {
        refused("no rank 9 in this trace", "phases", trace(), "--rank", "9");
    }

    @Test
    void aThresholdAboveTheTreesHeightIsRefused() {
        refused("threshold 99 is outside the tree's levels 0..2", "phases", trace(), "--rank", "0", "--threshold", "99");
        refused("rank 0: threshold 99 is outside the tree's levels 0..2", "phases", trace(), "--threshold", "99");
        refused("--threshold must be 0 or more", "phases", trace(), "--threshold", "-1");
    }

    @Test
    void aRankWithNoCallsIsRefused() throws Exception {
        TraceFile empty = new TraceFile(TestTraces.meta(1), TestTraces.SITES, List.of(TestTraces.rank(0, 1, RankStats.EMPTY)));
        Path file = TestTraces.write(dir.resolve("empty.mpjt"), empty);
        refused("rank 0 made no MPJ calls", "phases", file.toString(), "--rank", "0");
        refused("no rank made MPJ calls", "phases", file.toString());
    }

    @Test
    void aPlotInAFolderThatIsNotThereIsRefusedAndNothingIsPrinted() {
        refused("no such folder", "phases", trace(), "--plot", dir.resolve("missing/djs.png").toString());
        refused("is a directory", "phases", trace(), "--plot", dir.toString());
    }

    @Test
    void anUnknownFormatIsRefused() {
        refused("unknown --format xml (phases writes text or json)", "phases", trace(), "--format", "xml");
    }

    @Test
    void aMissingFileIsRefused() {
        refused("no such file", "phases", dir.resolve("nothing.mpjt").toString());
    }
}
