package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code export --format chrome --phases}: every rank gets a track of its execution phases, a slice per
 * phase from its first call's start to its last call's end. The ThreePhases dump (4 ranks): Init, then
 * set-up, solve and finish in their three functions, then Finalize (cli/src/test/resources/phases/README.md).
 */
class ExportPhasesTest {
    @TempDir
    Path dir;

    private static Path trace() throws Exception {
        return Path.of(ExportPhasesTest.class.getResource("/phases/threephases-dump.mpjt").toURI());
    }

    @Test
    void everyRankHasATrackOfItsPhasesFromTheirFirstCallsStartToTheirLastCallsEnd() throws Exception {
        Path out = dir.resolve("t.json");
        Cli c = Cli.run("export", trace().toString(), "--format", "chrome", "--phases", "-o", out.toString());
        assertEquals(0, c.code, c.toString());
        JsonNode events = new ObjectMapper().readTree(out.toFile()).get("traceEvents");
        // Each rank's MPJ calls by their index (seq counts per thread, and ThreePhases has one), and its phases.
        Map<Integer, Map<Integer, JsonNode>> calls = new HashMap<>();
        Map<Integer, List<JsonNode>> phases = new HashMap<>();
        for (JsonNode e : events) {
            if (!"X".equals(e.path("ph").asText())) continue;
            int rank = e.get("pid").asInt();
            if ("phase".equals(e.get("cat").asText())) phases.computeIfAbsent(rank, r -> new ArrayList<>()).add(e);
            else calls.computeIfAbsent(rank, r -> new HashMap<>()).put(e.get("args").get("seq").asInt(), e);
        }
        assertEquals(4, phases.size());
        List<String> functions = List.of("ThreePhases.main (1)", "ThreePhases.setUp (16)", "ThreePhases.solve (72)", "ThreePhases.finish (16)",
                "ThreePhases.main (1)");
        for (int rank = 0; rank < 4; rank++) {
            List<JsonNode> mine = phases.get(rank);
            assertEquals(functions, mine.stream().map(p -> p.get("args").get("functions").asText()).toList(), "rank " + rank);
            for (JsonNode p : mine) {
                JsonNode first = calls.get(rank).get(p.get("args").get("first_call").asInt());
                JsonNode last = calls.get(rank).get(p.get("args").get("last_call").asInt());
                assertEquals(first.get("ts").decimalValue(), p.get("ts").decimalValue(), "rank " + rank + " " + p.get("name"));
                assertEquals(0, last.get("ts").decimalValue().add(last.get("dur").decimalValue())
                        .compareTo(p.get("ts").decimalValue().add(p.get("dur").decimalValue())), "rank " + rank + " " + p.get("name"));
                assertTrue(p.get("tid").asInt() > 1000, "a track of its own, after the rank's threads");
            }
        }
    }

    @Test
    void phasesAreForChromeAndNotWithExpand() throws Exception {
        Cli otf2 = Cli.run("export", trace().toString(), "--format", "otf2", "--phases", "-o", dir.resolve("o").toString());
        assertEquals(2, otf2.code);
        assertTrue(otf2.err.contains("--phases applies to --format chrome only"), otf2.err);
        Cli both = Cli.run("export", CorpusFiles.path("ring-full-keepdump").toString(), "--format", "chrome", "--phases", "--expand",
                "-o", dir.resolve("r.json").toString());
        assertEquals(2, both.code);
        assertTrue(both.err.contains("--phases and --expand: give one"), both.err);
    }
}
