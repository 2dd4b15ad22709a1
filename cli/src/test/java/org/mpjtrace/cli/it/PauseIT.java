package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.Cli;
import org.mpjtrace.cli.format.TimedCalls;
import org.mpjtrace.cli.export.otf2.Otf2Print;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.cluster.MarkerState;

/**
 * The program pauses tracing ({@code org.mpjtrace.api.Tracing}, issue 27 item 4): PausedSteps pauses
 * before step 10 of 30 and resumes before step 20, each rank on its own thread. The paused steps' calls
 * are not in the trace, each rank keeps its one paused span, the rest stays lossless, and the clustering
 * modes' markers go on acting through the pause.
 */
class PauseIT {
    private static final int RANKS = 4, STEPS = 30, FROM = 10, TO = 20;

    @TempDir
    static Path dir;

    private static Map<String, Integer> opCounts(TraceFile trace, RankTrace section, boolean rebuilt) {
        Map<String, Integer> ops = new TreeMap<>();
        TimedCalls.forEach(trace, section, rebuilt, (calls, base) -> ops.merge(Op.ofCode(Event.opCode(calls.words(), base)).mpjName, 1, Integer::sum));
        return ops;
    }

    @Test
    void thePausedStepsAreNotTracedAndTheRestStaysLossless() {
        Path file = dir.resolve("paused.mpjt");
        MpjJobs.Run run = MpjJobs.run("PausedSteps", RANKS, "multicore", null, file, "full", "keepDump=true,timing=lossless",
                List.of("steps=" + STEPS, "from=" + FROM, "to=" + TO));
        MpjJobs.assertSucceeded(run);
        TraceFile trace = run.result().trace();
        int traced = STEPS - (TO - FROM);
        for (RankTrace section : trace.ranks()) {
            assertEquals(Map.of("Init", 1, "Sendrecv", traced, "Allreduce", traced, "Finalize", 1), opCounts(trace, section, false),
                    "rank " + section.rank() + "'s dump");
            long[] paused = section.stats().paused();
            assertEquals(2, paused.length, "rank " + section.rank() + ": one paused span");
            assertTrue(paused[1] > paused[0] && paused[0] > section.initNanos(), "rank " + section.rank() + ": a span after MPI.Init");
            // The calls around the pause, rebuilt from the loops with their own times, are the dump's.
            assertEquals(CallLists.byThread(trace, section, false, CallLists.TIMES), CallLists.byThread(trace, section, true, CallLists.TIMES),
                    "rank " + section.rank());
        }
        String stats = Cli.output("stats", file.toString(), "--per-rank");
        assertTrue(stats.contains("paused ms"), stats);
        String header = Cli.output("decode", file.toString(), "--limit", "0");
        assertTrue(header.contains("paused:         by the program on 4 ranks, 4 spans, "), header);
        // In Perfetto: a track per rank with its paused span, between the calls before and after it.
        Path json = dir.resolve("paused.json");
        Cli.output("export", file.toString(), "--format", "chrome", "-o", json.toString());
        try {
            com.fasterxml.jackson.databind.JsonNode events = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.toFile()).get("traceEvents");
            int slices = 0;
            for (com.fasterxml.jackson.databind.JsonNode e : events) {
                if (!"tracing paused".equals(e.path("name").asText()) || !"X".equals(e.path("ph").asText())) continue;
                slices++;
                assertTrue(e.get("dur").asDouble() > 0, e.toString());
            }
            assertEquals(RANKS, slices);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        // In Vampir (OTF2): each rank's location turns measurement off at its span's start and on at its end.
        Path otf2 = dir.resolve("paused-otf2");
        Cli.output("export", file.toString(), "--format", "otf2", "-o", otf2.toString());
        List<Otf2Print.Line> events = Otf2Print.events(otf2);
        for (RankTrace section : trace.ranks()) {
            long[] paused = section.stats().paused();
            List<Otf2Print.Line> switches = events.stream()
                    .filter(l -> l.location() == section.rank() && l.kind().equals("MEASUREMENT_ON_OFF")).toList();
            assertEquals(List.of("Mode: OFF", "Mode: ON"), switches.stream().map(Otf2Print.Line::attributes).toList(), "rank " + section.rank());
            assertEquals(paused[1] - paused[0], switches.get(1).time() - switches.get(0).time(), "rank " + section.rank() + "'s span");
        }
        // In Paraver: a Tracing disabled state (6, named in the .pcf) per rank, as long as its span.
        Path prv = dir.resolve("paused-paraver");
        Cli.output("export", file.toString(), "--format", "paraver", "-o", prv.toString());
        try {
            List<String[]> disabled = Files.readAllLines(dir.resolve("paused-paraver.prv")).stream()
                    .map(l -> l.split(":")).filter(f -> f.length == 8 && f[0].equals("1") && f[7].equals("6")).toList();
            assertEquals(RANKS, disabled.size());
            for (String[] f : disabled) {
                long[] paused = trace.rank(Integer.parseInt(f[3]) - 1).stats().paused();
                assertEquals(paused[1] - paused[0], Long.parseLong(f[6]) - Long.parseLong(f[5]), String.join(":", f));
            }
            assertTrue(Files.readString(dir.resolve("paused-paraver.pcf")).contains("6    Tracing disabled"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void markersGoOnActingThroughThePause() {
        Path file = dir.resolve("paused-chameleon.mpjt");
        MpjJobs.Run run = MpjJobs.run("PausedSteps", RANKS, "multicore", null, file, "chameleon", "",
                List.of("steps=" + STEPS, "from=" + FROM, "to=" + TO));
        MpjJobs.assertSucceeded(run);
        TraceFile trace = run.result().trace();
        List<MarkerRecord> records = trace.markers().records();
        assertTrue(records.stream().anyMatch(r -> r.state() == MarkerState.L), "clustered and in state L: " + records);
        int traced = STEPS - (TO - FROM);
        for (RankTrace section : trace.ranks())
            assertEquals(Map.of("Init", 1, "Sendrecv", traced, "Allreduce", traced, "Finalize", 1), opCounts(trace, section, true),
                    "rank " + section.rank() + "'s calls, rebuilt from the clustered trace");
    }
}
