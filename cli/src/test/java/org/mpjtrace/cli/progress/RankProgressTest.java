package org.mpjtrace.cli.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.mpjtrace.cli.CorpusFiles;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.TraceReader;

class RankProgressTest {
    private static TraceFile corpus(String name) throws Exception {
        return TraceReader.open(CorpusFiles.path(name));
    }

    @Test
    void withoutATerminalTheTraceIsReadAsItIsAndNothingIsShown() throws Exception {
        TraceFile trace = corpus("ring-dump");
        try (RankProgress p = RankProgress.of("stats", trace, 1, (PrintStream) null)) {
            assertSame(trace, p.trace(trace));
        }
    }

    @Test
    void eachRankReadMovesTheBarAndMorePassesThanExpectedExtendIt() throws Exception {
        TraceFile trace = corpus("ring-dump");
        int n = trace.ranks().size();
        ByteArrayOutputStream shown = new ByteArrayOutputStream();
        try (RankProgress p = RankProgress.of("export chrome", trace, 1, new PrintStream(shown, true, StandardCharsets.UTF_8))) {
            TraceFile read = p.trace(trace);
            for (int pass = 0; pass < 2; pass++) for (RankTrace r : read.ranks()) assertTrue(r.rank() >= 0);
            assertEquals(trace.rank(1).rank(), read.rank(1).rank(), "a rank looked up by number");
        }
        String text = shown.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("export chrome"), text);
        assertTrue(text.contains((2 * n + 1) + "/" + (2 * n + 1) + " ranks read"), "two passes and a lookup, the bar full at the end: " + text);
    }
}
