package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.Cli;

/**
 * A real trace exported and read back: the Threads example in dump mode on 3 ranks (a main thread's
 * Isend/Irecv/Waitall ring on COMM_WORLD, a helper thread's Sendrecv pairs and Allreduce on a Dup), one
 * job for every check. The JSON Lines of decode and the Chrome trace of export are parsed and held to the
 * program's structure: every call, a track per thread, an arrow per message and per collective member.
 */
class ExportIT {
    private static final int RANKS = 3;
    private static final int STEPS = 4;
    private static final int HELPER_STEPS = 3;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    private static Path file;

    @BeforeAll
    static void traceTheThreadsExampleInDumpMode() {
        file = dir.resolve("threads.mpjt");
        MpjJobs.Run run = MpjJobs.run("Threads", RANKS, "multicore", null, file, "dump", null,
                List.of("steps=" + STEPS, "helperSteps=" + HELPER_STEPS));
        MpjJobs.assertSucceeded(run);
    }

    /** Thread 0: Init, clone, the ring, Barrier, Finalize; thread 1: two Sendrecv and an Allreduce per step. */
    private static int callsPerRank() {
        return 2 + 3 * STEPS + 2 + 3 * HELPER_STEPS;
    }

    @Test
    void jsonLinesGiveEveryCallOfEveryThreadNumberedInItsThread() throws Exception {
        Map<String, List<Integer>> seqs = new TreeMap<>();
        Map<String, Integer> ops = new HashMap<>();
        for (String line : Cli.output("decode", file.toString(), "--format", "jsonl").lines().toList()) {
            JsonNode call = JSON.readTree(line);
            seqs.computeIfAbsent(call.get("rank").asInt() + "/" + call.get("thread").asInt(), k -> new ArrayList<>()).add(call.get("seq").asInt());
            ops.merge(call.get("op").asText(), 1, Integer::sum);
            assertTrue(call.get("dur_ns").asLong() >= 0 && call.get("start_ns").asLong() >= 0, line);
            assertTrue(call.get("site").asText().startsWith("Threads."), line);
        }
        assertEquals(2 * RANKS, seqs.size(), seqs.keySet().toString());
        for (Map.Entry<String, List<Integer>> e : seqs.entrySet()) {
            int n = e.getKey().endsWith("/0") ? 2 + 3 * STEPS + 2 : 3 * HELPER_STEPS;
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < n; i++) expected.add(i);
            assertEquals(expected, e.getValue(), e.getKey());
        }
        assertEquals(2 * HELPER_STEPS * RANKS, ops.get("Sendrecv"));
        assertEquals(STEPS * RANKS, ops.get("Isend"));
    }

    @Test
    void theChromeTraceHasATrackPerThreadASlicePerCallAndAnArrowPerMessageAndCollectiveMember() throws Exception {
        Path out = dir.resolve("threads.json");
        Cli.output("export", file.toString(), "--format", "chrome", "-o", out.toString());
        JsonNode root = JSON.readTree(out.toFile());
        List<JsonNode> events = new ArrayList<>();
        root.get("traceEvents").forEach(events::add);

        Map<String, Integer> slicesPerTrack = new TreeMap<>();
        Map<Long, List<JsonNode>> flows = new HashMap<>();
        int sends = 0;
        for (JsonNode e : events) {
            switch (e.get("ph").asText()) {
                case "X" -> {
                    slicesPerTrack.merge(e.get("pid").asInt() + "/" + e.get("tid").asInt(), 1, Integer::sum);
                    String op = e.get("name").asText();
                    if (op.equals("Isend") || op.equals("Sendrecv")) {
                        sends++;
                        assertTrue(e.get("args").has("msg_out"), "every send of this program is received: " + e);
                    }
                }
                case "s", "f" -> flows.computeIfAbsent(e.get("id").asLong(), k -> new ArrayList<>()).add(e);
                default -> { }
            }
        }
        Map<String, Integer> expectedTracks = new TreeMap<>();
        for (int r = 0; r < RANKS; r++) {
            expectedTracks.put(r + "/0", 2 + 3 * STEPS + 2);
            expectedTracks.put(r + "/1", 3 * HELPER_STEPS);
        }
        assertEquals(expectedTracks, slicesPerTrack);
        assertEquals(RANKS * callsPerRank(), slicesPerTrack.values().stream().mapToInt(Integer::intValue).sum());

        // One arrow per message (each Isend and each Sendrecv sends one), and per member but the root of each
        // collective (Allreduce on the Dup each helper step, the Barrier on COMM_WORLD).
        int collectiveArrows = (HELPER_STEPS + 1) * (RANKS - 1);
        assertEquals(sends + collectiveArrows, flows.size());
        for (List<JsonNode> ends : flows.values()) {
            assertEquals(2, ends.size(), ends.toString());
            JsonNode start = ends.get(0).get("ph").asText().equals("s") ? ends.get(0) : ends.get(1);
            JsonNode end = start == ends.get(0) ? ends.get(1) : ends.get(0);
            assertEquals("f", end.get("ph").asText());
            assertTrue(start.get("ts").asDouble() < end.get("ts").asDouble(), "an arrow ends after it starts: " + ends);
            assertTrue(start.get("pid").asInt() != end.get("pid").asInt(), "an arrow goes from one rank to another: " + ends);
        }
        long messageArrows = flows.values().stream().filter(f -> f.get(0).get("cat").asText().equals("message")).count();
        assertEquals(sends, messageArrows);
    }
}
