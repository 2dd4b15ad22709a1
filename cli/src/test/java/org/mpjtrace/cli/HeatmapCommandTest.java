package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.export.MessageMatrix;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.TraceReader;

/** {@code mpjtrace heatmap}: the matrix of who sent to whom, and the PNG drawn of it. */
class HeatmapCommandTest {
    @TempDir
    Path dir;


    @Test
    void aRingsMatrixHoldsEachSendFromItsRankToTheNext() throws Exception {
        TraceFile trace = TraceReader.read(CorpusFiles.path("ring-dump"));
        MessageMatrix m = MessageMatrix.of(trace, 4096);
        int n = trace.meta().worldSize();
        long sends = 0, bytes = 0;
        for (RankTrace r : trace.ranks())
            for (int i = 0; i < r.eventCount(); i++) {
                int b = RankTrace.base(i);
                if (Event.opCode(r.words(), b) != Op.SEND.code) continue;
                sends++;
                assertTrue(m.count(r.rank(), Event.peer(r.words(), b)) > 0, "rank " + r.rank() + " to its peer");
            }
        long inMatrix = 0;
        for (int from = 0; from < n; from++)
            for (int to = 0; to < n; to++) {
                inMatrix += m.count(from, to);
                bytes += m.bytes(from, to);
                if (to != (from + 1) % n) assertEquals(0, m.count(from, to), from + " to " + to + ": a ring sends to the next rank only");
            }
        assertEquals(sends, inMatrix, "every send once");
        assertTrue(bytes > 0);
        assertEquals(0, m.unplaced());
    }

    @Test
    void thePngDecodesAtTheSizeAskedWithTheMatrixDrawnInColour() throws Exception {
        Path png = dir.resolve("ring.png");
        Cli c = Cli.run("heatmap", CorpusFiles.path("ring-dump").toString(), "-o", png.toString(), "--metric", "count", "--size", "640x480");
        assertEquals(0, c.code, c.toString());
        BufferedImage image = ImageIO.read(png.toFile());
        assertNotNull(image, "a PNG ImageIO reads");
        assertEquals(640, image.getWidth());
        assertEquals(480, image.getHeight());
        boolean coloured = false;
        for (int x = 0; x < image.getWidth() && !coloured; x += 2)
            for (int y = 0; y < image.getHeight() && !coloured; y += 2) {
                int rgb = image.getRGB(x, y);
                int r = rgb >> 16 & 0xFF, g = rgb >> 8 & 0xFF, b = rgb & 0xFF;
                coloured = Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 60; // not white, grey or black
            }
        assertTrue(coloured, "blocks and the scale are in colour");
    }

    @Test
    void badInputGetsOneLineAndLeavesNoFile() throws Exception {
        Path png = dir.resolve("x.png");
        Cli c = Cli.run("heatmap", CorpusFiles.path("ring-dump").toString(), "-o", png.toString(), "--metric", "volume");
        assertEquals(2, c.code);
        assertEquals("mpjtrace: unknown --metric volume (heatmap draws bytes or count)", c.err.strip());
        c = Cli.run("heatmap", CorpusFiles.path("ring-dump").toString(), "-o", png.toString(), "--size", "10x10");
        assertEquals(2, c.code);
        assertEquals(1, c.err.strip().lines().count(), c.err);
        c = Cli.run("heatmap", CorpusFiles.path("ring-dump").toString(), "-o", dir.resolve("no/such/x.png").toString());
        assertEquals(2, c.code);
        assertEquals(1, c.err.strip().lines().count(), c.err);
        assertFalse(Files.exists(png));
    }
}
