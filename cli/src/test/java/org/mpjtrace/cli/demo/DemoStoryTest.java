package org.mpjtrace.cli.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.cli.CorpusFiles;
import org.mpjtrace.cli.format.MarkerLogText;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.global.OwnCallCounts;
import org.mpjtrace.trace.io.TraceReader;

class DemoStoryTest {

    @Test
    void theStoryTellsTheCallsTheLoopTheClustersAndTheTopSitesOfARealClusteredTrace() throws Exception {
        Path file = CorpusFiles.path("shiftingloops-chameleon-auto");
        TraceFile trace = TraceReader.read(file);
        StringWriter text = new StringWriter();
        DemoStory.print(new PrintWriter(text, true), file, trace, Path.of("demo.html"), 1_000_000);
        List<String> lines = text.toString().lines().toList();

        assertTrue(lines.size() < 60, "short: " + lines.size() + " lines");
        // The ranks' own calls (OwnCallCountsTest checks them against a dump), not the leads' scaled by their clusters.
        assertTrue(lines.get(1).startsWith("  4 ranks made " + String.format("%,d", OwnCallCounts.total(trace)) + " MPJ calls in "), lines.get(1));
        long size = java.nio.file.Files.size(file);
        assertTrue(lines.get(2).contains("took 1.0 MB, " + String.format("%.0f", 1_000_000.0 / size) + " times as much"), lines.get(2));
        assertTrue(text.toString().contains("its boundary is the " + trace.markers().choices().get(0).site() + " (marker auto"), text.toString());
        Clustering c = MarkerLogText.governing(trace.markers());
        int header = lines.indexOf("    lead  ranks  members");
        assertTrue(header > 0, text.toString());
        assertEquals(c.clusters().size(), lines.subList(header + 1, lines.size()).stream().takeWhile(l -> l.startsWith("     ")).count(),
                "a row per cluster");
        int sites = lines.indexOf(lines.stream().filter(l -> l.startsWith("Where the time in MPJ went")).findFirst().orElseThrow());
        assertTrue(lines.get(sites + 2).trim().startsWith("ShiftingLoops."), "the top site is one of the program's: " + lines.get(sites + 2));
        assertTrue(text.toString().contains("demo.html, for any browser"), text.toString());
    }
}
