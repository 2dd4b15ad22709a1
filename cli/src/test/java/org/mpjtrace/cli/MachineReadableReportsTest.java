package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code stats --format json|csv} and {@code clusters --format json}: the reports' figures for scripts, equal to the text's. */
class MachineReadableReportsTest {
    @TempDir
    Path dir;

    private Cli run(String... args) {
        Cli c = Cli.run(args);
        assertEquals(0, c.code, c.toString());
        assertEquals("", c.err);
        return c;
    }

    @Test
    void statsAsJsonHoldsTheTextReportsFigures() throws Exception {
        Path file = TestTraces.write(dir.resolve("s.mpjt"), TestTraces.sample());
        JsonNode j = new ObjectMapper().readTree(run("stats", file.toString(), "--format", "json").out);
        assertEquals(2, j.get("world_size").asInt());
        JsonNode allreduce = null;
        for (JsonNode row : j.get("per_rank")) if (row.get("rank").asInt() == 0 && row.get("op").asText().equals("Allreduce")) allreduce = row;
        // The text report's row: rank 0, Allreduce, 1 call, 16 bytes, 52.306 ms.
        assertEquals(List.of(1L, 16L, 52_305_678L), List.of(allreduce.get("calls").asLong(), allreduce.get("bytes").asLong(), allreduce.get("time_ns").asLong()));
        assertEquals(17, j.get("total").get("calls").asLong(), "the text's total row");
        assertEquals("ring overflow on rank 1", j.get("tracer").get(1).get("tracing").asText().replaceAll("\\s+", " ").strip());
        assertEquals(2, j.get("per_thread").size(), "one thread per rank");
    }

    @Test
    void statsAsCsvPerRankHasOneRowPerRankThreadAndOp() throws Exception {
        Path file = TestTraces.write(dir.resolve("s.mpjt"), TestTraces.sample());
        List<String> lines = run("stats", file.toString(), "--format", "csv", "--per-rank").out.lines().toList();
        assertEquals("rank,thread,op,calls,bytes,time_ns", lines.get(0));
        assertTrue(lines.contains("0,0,Allreduce,1,16,52305678"), lines.toString());
        assertEquals(17, lines.stream().skip(1).mapToLong(l -> Long.parseLong(l.split(",")[3])).sum(), "every call once");
    }

    @Test
    void clustersAsJsonHoldsTheMarkersAndTheirClusters() throws Exception {
        Path file = ChameleonTraces.write(dir.resolve("c.mpjt"), ChameleonTraces.finished());
        String text = run("clusters", file.toString()).out;
        JsonNode j = new ObjectMapper().readTree(run("clusters", file.toString(), "--format", "json").out);
        assertTrue(j.get("finished").asBoolean());
        assertEquals(4, j.get("ranks").asInt());
        String states = "markers: " + j.get("states").get("AT").asLong() + " in AT, " + j.get("states").get("C").asLong() + " in C, "
                + j.get("states").get("L").asLong() + " in L, " + j.get("states").get("F").asLong() + " in F";
        assertTrue(text.contains(states), states + "\n" + text);
        for (JsonNode c : j.get("clusterings")) {
            int members = 0;
            for (JsonNode k : c.get("clusters")) members += k.get("members").size();
            assertEquals(4, members, "every rank in one cluster");
        }
    }

    @Test
    void anUnknownFormatIsRefusedInOneLine() throws Exception {
        Path file = TestTraces.write(dir.resolve("s.mpjt"), TestTraces.sample());
        Cli c = Cli.run("stats", file.toString(), "--format", "xml");
        assertEquals(2, c.code);
        assertEquals("mpjtrace: unknown --format xml (stats writes text, json or csv)", c.err.strip());
    }
}
