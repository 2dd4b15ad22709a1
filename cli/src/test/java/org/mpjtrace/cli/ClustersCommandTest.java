package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpjtrace.cli.TableRows.row;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.TraceFile;

class ClustersCommandTest {
    @TempDir
    Path dir;

    private Cli clusters(TraceFile trace) throws Exception {
        Path file = ChameleonTraces.write(dir.resolve("c.mpjt"), trace);
        Cli c = Cli.run("clusters", file.toString());
        assertEquals(0, c.code, c.toString());
        assertEquals("", c.err);
        return c;
    }

    @Test
    void oneRowPerMarkerWithStateChangedRanksAndMerge() throws Exception {
        Cli c = clusters(ChameleonTraces.finished());
        List<String> lines = c.out.lines().toList();
        assertEquals(dir.resolve("c.mpjt") + ": 4 ranks, mode chameleon, marker site:Solver.step, callFrequency 2, K 2", lines.get(0));
        assertEquals("  marker  call  state  changed  merged calls  merge ms  clusters", lines.get(1));
        row(c.out, "1", "2", "AT", "0", "0", "0.000", "-");
        row(c.out, "2", "4", "C", "0", "40", "1.250", "new");
        row(c.out, "3", "6", "L", "0", "12", "0.400", "of marker 2");
        row(c.out, "4", "8", "AT", "2", "12", "0.300", "-");
        row(c.out, "5", "10", "C", "0", "30", "0.900", "new");
        row(c.out, "6", "11", "F", "0", "8", "0.200", "of marker 5");
    }

    @Test
    void aNewClusteringIsShownUnderTheMarkerThatMadeIt() throws Exception {
        Cli c = clusters(ChameleonTraces.finished());
        List<String> lines = c.out.lines().toList();
        int second = lines.indexOf(row(c.out, "2", "4", "C"));
        assertEquals("2 clusters (on Call-Path and end-points relative, clustered in 0.412 ms)", lines.get(second + 1).strip());
        assertEquals("lead  size  Call-Path           src  dest  ranks", lines.get(second + 2).strip());
        row(c.out, "0", "1", "0000000000000abc", "0.00", "1.00", "<1 0 1 1>");
        row(c.out, "1", "3", "123456789abcdef0", "-1.00", "1.00", "<1 1 3 1>");
        assertTrue(lines.get(second + 5).strip().startsWith("3 "), "marker 3 follows the clusters: " + c.out);

        int fifth = lines.indexOf(row(c.out, "5", "10", "C"));
        assertEquals("2 clusters (on Call-Path and end-points absolute, clustered in 0.150 ms)", lines.get(fifth + 1).strip());
        row(c.out, "0", "2", "0000000000000abc", "3.00", "1.50", "<1 0 2 2>");
        row(c.out, "1", "2", "123456789abcdef0", "0.25", "2.00", "<1 1 2 2>");
        // L and F refer back instead of repeating the clusters.
        assertEquals(2, lines.stream().filter(l -> l.contains(" clusters (on Call-Path and end-points ")).count(), c.out);
    }

    @Test
    void endsWithTheMarkersPerState() throws Exception {
        List<String> lines = clusters(ChameleonTraces.finished()).out.lines().toList();
        assertEquals("markers: 2 in AT, 2 in C, 1 in L, 1 in F", lines.get(lines.size() - 1));
    }

    @Test
    void anInterimTraceSaysSoFirst() throws Exception {
        Cli c = clusters(ChameleonTraces.interim());
        List<String> lines = c.out.lines().toList();
        assertEquals("interim trace: written at marker 3; the job did not reach MPI.Finalize", lines.get(0));
        row(c.out, "3", "6", "L", "0", "12", "0.400", "of marker 2");
        assertEquals("markers: 1 in AT, 1 in C, 1 in L, 0 in F", lines.get(lines.size() - 1));
    }

    @Test
    void aTraceOfAnotherModeIsBadInput() throws Exception {
        Path dump = TestTraces.write(dir.resolve("d.mpjt"), TestTraces.sample());
        Cli c = Cli.run("clusters", dump.toString());
        assertEquals(2, c.code, c.toString());
        assertEquals(1, c.errLines(), c.toString());
        assertTrue(c.err.startsWith("mpjtrace: " + dump + ": a dump-mode trace has no clustering history"), c.err);
        assertEquals("", c.out);
    }

    @Test
    void helpExplainsTheStates() {
        Cli c = Cli.run("clusters", "--help");
        assertEquals(0, c.code, c.toString());
        for (String state : new String[] {"AT  all tracing", "C   clustering", "L   leads only", "F   finalize"})
            assertTrue(c.out.contains("  " + state + ": "), c.out);
    }
}
