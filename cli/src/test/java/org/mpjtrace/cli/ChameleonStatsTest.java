package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpjtrace.cli.TableRows.hasRow;
import static org.mpjtrace.cli.TableRows.row;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.TraceFile;

/** stats on a chameleon-mode trace: the compressed trace, the markers per state, trace memory per rank. */
class ChameleonStatsTest {
    @TempDir
    Path dir;

    private String stats(TraceFile trace) throws Exception {
        Path file = ChameleonTraces.write(dir.resolve("c.mpjt"), trace);
        Cli c = Cli.run("stats", file.toString());
        assertEquals(0, c.code, c.toString());
        assertEquals("", c.err);
        return c.out;
    }

    @Test
    void theCompressedTraceBlockNamesTheModeAndTheMergesAtMarkers() throws Exception {
        String out = stats(ChameleonTraces.finished());
        assertTrue(out.contains("\nCompressed trace (mode chameleon):\n"), out);
        // 4 ranks x (Init, 5 x 3 ring calls, Allreduce, Finalize).
        assertTrue(out.contains("  global trace: 7 nodes (1 loops, 6 calls) standing for 72 calls of 4 ranks\n"), out);
        // Markers 2 to 6 merged: 1.25 + 0.4 + 0.3 + 0.9 + 0.2 ms.
        assertTrue(out.contains("  merges of the leads' traces: 5, 3.050 ms in all (longest 1.250 ms)\n"), out);
        assertFalse(out.contains("at Finalize:"), out);
    }

    @Test
    void markersPerStateOnOneLine() throws Exception {
        String out = stats(ChameleonTraces.finished());
        assertTrue(out.contains("Clustering (mode chameleon): marker site:Solver.step, callFrequency 2, K 2\n"
                + "  markers acted on: 2 in C, 1 in L, 2 in AT\n"), out);
    }

    @Test
    void traceMemoryPerRankGroupsRanksWithTheSameFigures() throws Exception {
        String out = stats(ChameleonTraces.finished());
        row(out, "ranks", "AT n", "AT mean", "AT max", "C n", "C mean", "C max", "L n", "L mean", "L max", "F n", "F mean", "F max");
        row(out, "<1 0 1 1>", "2", "1500", "2000", "2", "1250", "1500", "1", "800", "800", "1", "300", "300");
        row(out, "<1 1 1 1>", "2", "1500", "2000", "2", "1250", "1500", "1", "900", "900", "1", "300", "300");
        // The non-leads 2 and 3 hold nothing once only leads trace: one row for both.
        row(out, "<1 2 2 1>", "2", "1500", "2000", "2", "1250", "1500", "1", "0", "0", "1", "0", "0");
        assertFalse(hasRow(out, "<1 2 1 1>"), out);
        assertFalse(hasRow(out, "<1 3 1 1>"), out);
    }

    @Test
    void anInterimTraceSaysSoAndHasNoMemoryFiguresYet() throws Exception {
        String out = stats(ChameleonTraces.interim());
        assertTrue(out.contains("  interim trace: written at marker 3; the job did not reach MPI.Finalize\n"), out);
        assertTrue(out.contains("  markers acted on: 1 in C, 1 in L, 1 in AT\n"), out);
        assertTrue(out.contains("  dump of the same run: unknown (the file holds no rank sections)\n"), out);
        assertTrue(out.contains("  (no rank sections in this file)\n"), out);
        // No per-rank profile of zeros beside the calls the global trace holds.
        assertTrue(out.contains("Per rank: none in this file (the ranks' sections are written at MPI.Finalize"), out);
        assertFalse(out.contains("Per rank, ms (0 ranks)"), out);
    }

    @Test
    void otherModesGetNoClusteringBlocks() throws Exception {
        Path dump = TestTraces.write(dir.resolve("d.mpjt"), TestTraces.sample());
        Cli c = Cli.run("stats", dump.toString());
        assertEquals(0, c.code, c.toString());
        assertFalse(c.out.contains("Clustering"), c.out);
        assertFalse(c.out.contains("Trace memory"), c.out);
    }
}
