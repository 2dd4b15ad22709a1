package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code export --format chrome} over hand-made traces: tracks, slices, arrows, and the bad-input rules. */
class ExportCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    Path file;

    @BeforeEach
    void writeSample() throws Exception {
        file = TestTraces.write(dir.resolve("run.mpjt"), TestTraces.sample());
    }

    /** The events of the exported file, after checking the command succeeded. */
    static List<JsonNode> export(Path trace, Path out, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("export", trace.toString(), "--format", "chrome", "-o", out.toString()));
        args.addAll(List.of(more));
        Cli c = Cli.run(args.toArray(new String[0]));
        assertEquals(0, c.code, c.toString());
        List<JsonNode> events = new ArrayList<>();
        JSON.readTree(out.toFile()).get("traceEvents").forEach(events::add);
        return events;
    }

    static List<JsonNode> phase(List<JsonNode> events, String ph) {
        return events.stream().filter(e -> e.get("ph").asText().equals(ph)).toList();
    }

    @Test
    void everyRankIsAProcessEveryCallASliceWithItsParametersAndTimesInMicroseconds() throws Exception {
        List<JsonNode> events = export(file, dir.resolve("run.json"));
        List<JsonNode> slices = phase(events, "X");
        assertEquals(13 + 4, slices.size());
        List<String> names = phase(events, "M").stream().map(m -> m.get("name").asText() + ":" + m.get("pid").asInt() + ":"
                + m.get("args").elements().next().asText()).toList();
        assertTrue(names.containsAll(List.of("process_name:0:rank 0", "process_name:1:rank 1", "thread_name:0:thread 0 (MPI.Init)")), names.toString());
        JsonNode isend = slices.get(1);
        assertEquals("Isend", isend.get("name").asText());
        assertEquals(List.of(0, 0), List.of(isend.get("pid").asInt(), isend.get("tid").asInt()));
        // Both ranks entered Init at the same instant: times count from it, in microseconds.
        assertEquals(2.0, isend.get("ts").asDouble());
        assertEquals(1.5, isend.get("dur").asDouble());
        assertEquals(List.of("1", "7", "100", "DOUBLE", "800"), Stream.of("peer", "tag", "count", "type", "bytes")
                .map(k -> isend.get("args").get(k).asText()).toList());
    }

    @Test
    void aSendAndItsReceiveShareOneArrowThatEndsWhereTheIrecvCompletes() throws Exception {
        List<JsonNode> events = export(file, dir.resolve("run.json"));
        List<JsonNode> slices = phase(events, "X");
        JsonNode isend = slices.get(1), irecv = slices.get(13 + 1), wait = slices.get(13 + 2);
        long id = isend.get("args").get("msg_out").asLong();
        assertEquals(id, irecv.get("args").get("msg_in").asLong());
        List<JsonNode> messageFlows = events.stream().filter(e -> e.has("cat") && e.get("cat").asText().equals("message")).toList();
        // Rank 0's other sends have no receive in the trace: no arrow with one end.
        assertEquals(2, messageFlows.size(), messageFlows.toString());
        JsonNode start = phase(messageFlows, "s").get(0), end = phase(messageFlows, "f").get(0);
        assertEquals(List.of(id, id), List.of(start.get("id").asLong(), end.get("id").asLong()));
        assertEquals("e", end.get("bp").asText());
        assertInside(start, isend);
        assertInside(end, wait);
        assertTrue(start.get("ts").asDouble() < end.get("ts").asDouble());
    }

    private static void assertInside(JsonNode flow, JsonNode slice) {
        double ts = flow.get("ts").asDouble(), from = slice.get("ts").asDouble(), to = from + slice.get("dur").asDouble();
        assertEquals(List.of(slice.get("pid").asInt(), slice.get("tid").asInt()), List.of(flow.get("pid").asInt(), flow.get("tid").asInt()));
        assertTrue(from < ts && ts < to, flow + " inside " + slice);
    }

    @Test
    void aCollectiveEveryMemberReachedLinksItsRootToTheOthers() throws Exception {
        List<JsonNode> events = export(file, dir.resolve("run.json"));
        List<JsonNode> collective = events.stream().filter(e -> e.has("cat") && e.get("cat").asText().equals("collective")).toList();
        // Bcast: from root 0 to rank 1. Rank 0's Allreduce has no partner in the trace: no arrow.
        assertEquals(List.of("s:0", "f:1"), collective.stream().map(e -> e.get("ph").asText() + ":" + e.get("pid").asInt()).toList());
    }

    @Test
    void aClusteredTraceExpandsEveryRankFromItsLeadWithArrowsForEveryMessage() throws Exception {
        Path chameleon = ChameleonTraces.write(dir.resolve("c.mpjt"), ChameleonTraces.finished());
        List<JsonNode> events = export(chameleon, dir.resolve("c.json"));
        int perRank = 1 + 3 * ChameleonTraces.STEPS + 2;
        assertEquals(ChameleonTraces.WORLD * perRank, phase(events, "X").size());
        Map<Long, List<String>> ends = new HashMap<>();
        for (JsonNode e : events)
            if (e.has("id")) ends.computeIfAbsent(e.get("id").asLong(), k -> new ArrayList<>()).add(e.get("ph").asText() + e.get("pid").asInt());
        // A ring: each rank's Isend to its right neighbour, 5 steps; then one Allreduce, rank 0 to the three others.
        assertEquals(ChameleonTraces.WORLD * ChameleonTraces.STEPS + ChameleonTraces.WORLD - 1, ends.size());
        for (List<String> pair : ends.values()) {
            assertEquals(2, pair.size(), pair.toString());
            assertTrue(pair.get(0).startsWith("s") && pair.get(1).startsWith("f") || pair.get(0).startsWith("f") && pair.get(1).startsWith("s"), pair.toString());
        }
    }

    @Test
    void anUnknownFormatOrNoOutputIsOneLineAndExit2() {
        assertRefused("unknown --format svg", "export", file.toString(), "--format", "svg", "-o", dir.resolve("x.json").toString());
        assertRefused("needs -o", "export", file.toString(), "--format", "chrome");
    }

    @Test
    void anUnwritableOutputIsOneLineAndLeavesNothing() throws Exception {
        Path notAFolder = Files.writeString(dir.resolve("plain"), "x");
        assertRefused("no such folder", "export", file.toString(), "--format", "chrome", "-o", notAFolder.resolve("x.json").toString());
        assertRefused("is a directory", "export", file.toString(), "--format", "chrome", "-o", dir.toString());
        assertEquals(List.of("plain", "run.mpjt"), listing());
    }

    @Test
    void aTraceOfAnotherVersionOrABrokenOneIsOneLineAndLeavesNothing() throws Exception {
        Path other = Files.copy(file, dir.resolve("other.mpjt"));
        try (RandomAccessFile f = new RandomAccessFile(other.toFile(), "rw")) {
            f.seek(8);
            f.writeInt(99);
        }
        Path out = dir.resolve("out.json");
        assertRefused("unsupported format version 99", "export", other.toString(), "--format", "chrome", "-o", out.toString());
        Path broken = Files.copy(file, dir.resolve("broken.mpjt"));
        try (RandomAccessFile f = new RandomAccessFile(broken.toFile(), "rw")) {
            f.setLength(f.length() / 2);
        }
        assertRefused("broken.mpjt", "export", broken.toString(), "--format", "chrome", "-o", out.toString());
        assertFalse(Files.exists(out));
        assertEquals(List.of("broken.mpjt", "other.mpjt", "run.mpjt"), listing());
    }

    @Test
    void anExistingOutputIsReplacedWholeAndNoTemporaryFileStays() throws Exception {
        Path out = Files.writeString(dir.resolve("out.json"), "old");
        export(file, out);
        assertTrue(Files.readString(out).startsWith("{"));
        assertEquals(List.of("out.json", "run.mpjt"), listing());
    }

    private List<String> listing() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static void assertRefused(String mustContain, String... args) {
        Cli c = Cli.run(args);
        assertEquals(2, c.code, c.toString());
        assertEquals(1, c.errLines(), c.toString());
        assertTrue(c.err.startsWith("mpjtrace: ") && c.err.contains(mustContain), c.err);
    }
}
