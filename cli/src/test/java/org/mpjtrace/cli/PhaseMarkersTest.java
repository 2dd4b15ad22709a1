package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.phases.Phase;
import org.mpjtrace.cli.phases.PhaseMarkers;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.cluster.MarkerState;
import org.mpjtrace.trace.io.TraceReader;

/**
 * Where a clustered run's markers fell among rank 0's phases (format 18: each record's call of rank 0),
 * so that `phases` shows online clustering beside offline phase detection.
 */
class PhaseMarkersTest {
    @TempDir
    Path dir;

    /** The sample chameleon trace, its six records placed at these calls of rank 0. */
    private static TraceFile placed(long... calls) {
        TraceFile t = ChameleonTraces.finished();
        MarkerLog log = t.markers();
        List<MarkerRecord> records = new ArrayList<>();
        for (int i = 0; i < log.records().size(); i++) {
            MarkerRecord m = log.records().get(i);
            records.add(new MarkerRecord(m.index(), m.markerCall(), m.state(), m.changedRanks(), m.clustering(), m.mergedCalls(),
                    m.mergeNanos(), calls[i]));
        }
        return new TraceFile(t.meta(), t.sites(), t.ranks(), t.callPaths(), t.global(),
                new MarkerLog(log.worldSize(), log.clusterings(), records, log.finished()));
    }

    @Test
    void eachRecordKeepsItsCallOfRankZeroInTheFile() throws Exception {
        Path file = ChameleonTraces.write(dir.resolve("placed.mpjt"), placed(1, 3, 5, 7, 9, 11));
        List<Long> calls = TraceReader.read(file).markers().records().stream().map(MarkerRecord::rankZeroCall).toList();
        assertEquals(List.of(1L, 3L, 5L, 7L, 9L, 11L), calls);
    }

    @Test
    void phasesListTheMarkersOfEachPhaseInOrder() throws Exception {
        Path file = ChameleonTraces.write(dir.resolve("placed.mpjt"), placed(1, 2, 3, 4, 5, 6));
        JsonNode j = new ObjectMapper().readTree(Cli.output("phases", file.toString(), "--rank", "0", "--format", "json"));
        List<String> inOrder = new ArrayList<>();
        for (JsonNode phase : j.get("markers")) for (JsonNode s : phase) inOrder.add(s.asText());
        assertEquals(List.of("AT", "C", "L", "AT", "C", "F"), inOrder, "every record, phase after phase, in the log's order");
        assertEquals(j.get("phases").size(), j.get("markers").size(), "one list per phase");
        String text = Cli.output("phases", file.toString(), "--rank", "0");
        assertTrue(text.contains("markers among the phases"), text);
        assertFalse(Cli.output("phases", file.toString(), "--rank", "1").contains("markers among the phases"), "rank 0's calls only");
    }

    @Test
    void theReportsPhasesOfRankZerosClassHaveTheMarkersColumn() throws Exception {
        Path file = ChameleonTraces.write(dir.resolve("placed.mpjt"), placed(1, 2, 3, 4, 5, 6));
        Path html = dir.resolve("placed.html");
        Cli c = Cli.run("report", file.toString(), "-o", html.toString(), "--quiet");
        assertEquals(0, c.code, c.toString());
        String page = java.nio.file.Files.readString(html);
        assertTrue(page.contains("markers (states, in order)"), "the column");
        Path old = ChameleonTraces.write(dir.resolve("unplaced.mpjt"), ChameleonTraces.finished());
        Path oldHtml = dir.resolve("unplaced.html");
        assertEquals(0, Cli.run("report", old.toString(), "-o", oldHtml.toString(), "--quiet").code);
        assertFalse(java.nio.file.Files.readString(oldHtml).contains("markers (states, in order)"), "a version-17 file has no places");
    }

    @Test
    void theChromeExportMarksEachMarkerOnRankZerosCallAsAnInstant() throws Exception {
        Path file = ChameleonTraces.write(dir.resolve("placed.mpjt"), placed(1, 2, 3, 4, 5, 6));
        Path json = dir.resolve("placed.json");
        assertEquals(0, Cli.run("export", file.toString(), "--format", "chrome", "-o", json.toString(), "--quiet").code);
        JsonNode events = new ObjectMapper().readTree(json.toFile()).get("traceEvents");
        List<String> instants = new ArrayList<>();
        List<Double> sliceEnds = new ArrayList<>(), instantTimes = new ArrayList<>();
        for (JsonNode e : events) {
            if (e.get("pid").asInt() != 0) continue;
            if ("i".equals(e.get("ph").asText())) {
                instants.add(e.get("name").asText());
                instantTimes.add(e.get("ts").asDouble());
            } else if ("X".equals(e.get("ph").asText()) && e.get("tid").asInt() == 0) {
                sliceEnds.add(e.get("ts").asDouble() + e.get("dur").asDouble());
            }
        }
        assertEquals(List.of("marker 1 AT", "marker 2 C", "marker 3 L", "marker 4 AT", "marker 5 C", "marker 6 F"), instants);
        for (int i = 0; i < instantTimes.size(); i++)
            assertEquals(sliceEnds.get(i + 1), instantTimes.get(i), 1e-9, "marker " + (i + 1) + " at the end of rank 0's call " + (i + 1));
        Path old = ChameleonTraces.write(dir.resolve("unplaced.mpjt"), ChameleonTraces.finished());
        Path oldJson = dir.resolve("unplaced.json");
        assertEquals(0, Cli.run("export", old.toString(), "--format", "chrome", "-o", oldJson.toString(), "--quiet").code);
        assertFalse(java.nio.file.Files.readString(oldJson).contains("\"ph\":\"i\""), "a version-17 file places no marker");
    }

    @Test
    void clustersShowsRankZerosCallOfEachMarkerAndOlderFilesNoColumn() throws Exception {
        Path file = ChameleonTraces.write(dir.resolve("placed.mpjt"), placed(1, 3, 5, 7, 9, 11));
        List<String> lines = Cli.output("clusters", file.toString()).lines().toList();
        assertEquals("  marker  call  rank 0's call  state  changed  merged calls  merge ms  clusters", lines.get(1));
        assertTrue(lines.get(2).matches("\\s+1\\s+2\\s+1\\s+AT\\s.*"), lines.get(2));
        JsonNode j = new ObjectMapper().readTree(Cli.output("clusters", file.toString(), "--format", "json"));
        assertEquals(11, j.get("markers").get(5).get("rank0_call").asLong());
        Path old = ChameleonTraces.write(dir.resolve("unplaced.mpjt"), ChameleonTraces.finished());
        assertEquals("  marker  call  state  changed  merged calls  merge ms  clusters", Cli.output("clusters", old.toString()).lines().toList().get(1));
        assertTrue(new ObjectMapper().readTree(Cli.output("clusters", old.toString(), "--format", "json")).get("markers").get(0).get("rank0_call").isNull());
    }

    @Test
    void runsOfAStateAreCountedAndRecordsWithoutAPlaceAreSaidToBe() {
        List<Phase> phases = List.of(new Phase(0, null, 0, 9, List.of(), List.of(), 0, 0), new Phase(1, null, 10, 19, List.of(), List.of(), 0, 0));
        MarkerLog log = new MarkerLog(2, List.of(), List.of(
                new MarkerRecord(1, 1, MarkerState.AT, 0, -1, 0, 0, 2),
                new MarkerRecord(2, 2, MarkerState.AT, 0, -1, 0, 0, 12),
                new MarkerRecord(3, 3, MarkerState.AT, 0, -1, 0, 0, 13),
                new MarkerRecord(4, 4, MarkerState.L, 0, -1, 0, 0, 14),
                new MarkerRecord(5, 5, MarkerState.L, 0, -1, 0, 0, 15),
                new MarkerRecord(6, 6, MarkerState.F, 0, -1, 0, 0, -1)), true);
        PhaseMarkers m = PhaseMarkers.of(phases, log);
        assertEquals("AT", m.states(0));
        assertEquals("AT x2, L x2", m.states(1));
        assertEquals(1, m.unplaced(), "the record of a version-17 file, or one past the calls");
        assertNull(PhaseMarkers.of(phases, new MarkerLog(2, List.of(), List.of(new MarkerRecord(1, 1, MarkerState.AT, 0, -1, 0, 0)), true)),
                "a log that places none: no table");
    }
}
