package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpjtrace.cli.TableRows.row;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatsCommandTest {
    @TempDir
    Path dir;

    private Cli stats() throws Exception {
        Path file = TestTraces.write(dir.resolve("s.mpjt"), TestTraces.sample());
        Cli c = Cli.run("stats", file.toString(), "--per-rank");
        assertEquals(0, c.code, c.toString());
        assertEquals("", c.err);
        return c;
    }

    @Test
    void bytesAreCountTimesDatatypeSize() throws Exception {
        String out = stats().out;
        // rank 0: Isend 100 DOUBLE = 800 bytes; Send 3 of a 4-INT type = 48 plus 5 OBJECTs = 0.
        row(out, "0", "Isend", "1", "800");
        row(out, "0", "Send", "2", "48");
        // Sendrecv: 4 DOUBLE sent + 2 INT received.
        row(out, "0", "Sendrecv", "1", "40");
        // Completions and communicator calls carry no data.
        row(out, "0", "Waitall", "1", "0");
        row(out, "0", "Split", "1", "0");
    }

    @Test
    void timeIsTheSumOfCallDurations() throws Exception {
        String out = stats().out;
        // Allreduce took 52,305,678 ns: 52.306 ms.
        row(out, "0", "Allreduce", "1", "16", "52.306", "52305.7");
        row(out, "1", "Wait", "1", "0", "0.010", "10.0");
    }

    @Test
    void totalsPerOpSumOverRanks() throws Exception {
        String out = stats().out;
        // Bcast: 8 DOUBLE on each of two ranks, 1 us + 2 us.
        row(out, "Bcast", "2", "128", "0.003", "1.500");
        row(out, "Irecv", "2", "840");
        row(out, "total", "17");
    }

    @Test
    void tracerFiguresPerRank() throws Exception {
        String out = stats().out;
        row(out, "0", "node0", "1", "13", "0", "0", "0.000", "0", "0.000", "on");
        // Set-up times to three significant figures: a compressed trace keeps them to 2.5%.
        String r1 = row(out, "1", "node1", "1", "4", "250", "3", "1.500", "2", "0.000");
        // The reason is kept on one line even when the tracer gave one with a line break.
        assertTrue(r1.endsWith("tracing disabled: ring overflow on rank 1"), r1);
    }

    @Test
    void aCompressedTraceSaysHowManyCallsItStandsForNotZeroEvents() {
        Cli c = Cli.run("stats", CorpusFiles.path("stencil2d-full-ctx").toString(), "--per-rank");
        assertEquals(0, c.code, c.toString());
        String job = c.out.lines().filter(l -> l.startsWith("trace ")).findFirst().orElseThrow();
        long standsFor = org.mpjtrace.cli.TraceFiles.load(CorpusFiles.path("stencil2d-full-ctx")).global().calls();
        org.junit.jupiter.api.Assertions.assertTrue(standsFor > 0);
        org.junit.jupiter.api.Assertions.assertTrue(job.contains(", " + standsFor + " calls in a compressed trace (no per-call records)"), job);
    }

    /**
     * The tables per rank and op and per op count a compressed trace's calls rebuilt from its loops, as the
     * profile does: they were left out, and {@code --per-rank} added nothing for a trace without its dump.
     */
    @Test
    void perRankTablesOfACompressedTraceCountItsRebuiltCalls() {
        Cli c = Cli.run("stats", CorpusFiles.path("stencil2d-full-ctx").toString(), "--per-rank");
        assertEquals(0, c.code, c.toString());
        org.mpjtrace.trace.TraceFile t = org.mpjtrace.cli.TraceFiles.load(CorpusFiles.path("stencil2d-full-ctx"));
        org.junit.jupiter.api.Assertions.assertTrue(c.out.contains("(calls rebuilt from the trace's loops, each with its call site's mean time inside it)"), c.out);
        long rows = 0, calls = 0;
        boolean inTable = false;
        for (String line : c.out.lines().toList()) {
            if (line.startsWith("Time in MPJ per rank and op")) inTable = true;
            else if (line.isBlank()) inTable = false;
            else if (inTable && line.trim().matches("\\d+\\s+\\S+\\s+\\d+\\s+.*")) {
                rows++;
                calls += Long.parseLong(line.trim().split("\\s+")[2]);
            }
        }
        org.junit.jupiter.api.Assertions.assertTrue(rows >= t.ranks().size(), c.out);
        assertEquals(t.global().calls(), calls, "every call the trace stands for, once\n" + c.out);
    }

    @Test
    void aDumpSaysHowManyCallsItRecordedOneByOne() throws Exception {
        String job = stats().out.lines().filter(l -> l.startsWith("trace ")).findFirst().orElseThrow();
        org.junit.jupiter.api.Assertions.assertTrue(job.contains(", 17 calls recorded one by one"), job);
    }
}
