package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjtrace.cli.export.MessageMatrix;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.TraceReader;

/**
 * Persistent requests move their messages at each Start: the message matrix, the Chrome and Paraver
 * exports and the stats follow the Starts. On traces of {@code requests.PersistentHalo steps=8 n=4 every=3}
 * at 3 ranks (a dump and a full trace, test resources {@code persistent/}): each step a Startall of a Send_init to each
 * neighbour (4 doubles, tags 1 and 2) and a Recv_init from each, then a Waitall; at steps 0, 3 and 6 a
 * token (1 int, tag 7) to the right by Start and Wait of a Ssend_init and a Recv_init.
 */
class PersistentMessagesTest {
    private static final int RANKS = 3, STEPS = 8, TOKENS = 3, HALO_BYTES = 4 * 8, TOKEN_BYTES = 4;
    private static final int MESSAGES = RANKS * (2 * STEPS + TOKENS);

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"persistenthalo-dump", "persistenthalo-full"})
    void theMatrixCountsEachPersistentSendAtItsStart(String name) throws Exception {
        TraceFile trace = TraceReader.read(trace(name));
        MessageMatrix m = MessageMatrix.of(trace, 4096);
        for (int r = 0; r < RANKS; r++) {
            int right = (r + 1) % RANKS, left = (r + RANKS - 1) % RANKS;
            assertEquals(STEPS + TOKENS, m.count(r, right), r + " to its right: a halo message a step and the tokens");
            assertEquals((long) STEPS * HALO_BYTES + TOKENS * TOKEN_BYTES, m.bytes(r, right), r + " to its right");
            assertEquals(STEPS, m.count(r, left), r + " to its left");
            assertEquals((long) STEPS * HALO_BYTES, m.bytes(r, left), r + " to its left");
            assertEquals(0, m.count(r, r));
        }
        assertEquals(0, m.unplaced());
    }

    @ParameterizedTest
    @ValueSource(strings = {"persistenthalo-dump", "persistenthalo-full"})
    void chromeArrowsRunFromEachStartToTheWaitThatCompletesTheReceive(String name) throws Exception {
        List<JsonNode> events = ExportCommandTest.export(trace(name), dir.resolve(name + ".json"));
        Map<Long, List<JsonNode>> ends = new HashMap<>();
        List<JsonNode> slices = new ArrayList<>();
        for (JsonNode e : events) {
            String ph = e.path("ph").asText();
            if (ph.equals("s") || ph.equals("f")) ends.computeIfAbsent(e.get("id").asLong(), k -> new ArrayList<>()).add(e);
            if (ph.equals("X")) slices.add(e);
        }
        assertEquals(MESSAGES, ends.size(), "an arrow a message");
        for (List<JsonNode> arrow : ends.values()) {
            assertEquals(2, arrow.size(), "both ends: " + arrow);
            for (JsonNode end : arrow) {
                String in = sliceAt(slices, end);
                if (end.get("ph").asText().equals("s")) assertTrue(in.equals("Startall") || in.equals("Start"), "sent at a Start: " + in);
                else assertTrue(in.equals("Waitall") || in.equals("Wait"), "received where its request completed: " + in);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"persistenthalo-dump", "persistenthalo-full"})
    void paraverWritesACommunicationRecordAPersistentMessage(String name) throws Exception {
        Path prv = dir.resolve(name + ".prv");
        Cli c = Cli.run("export", trace(name).toString(), "--format", "paraver", "-o", prv.toString(), "--quiet");
        assertEquals(0, c.code, c.toString());
        Map<String, Integer> byTag = new HashMap<>();
        for (String line : Files.readAllLines(prv)) {
            if (!line.startsWith("3:")) continue;
            String[] f = line.split(":");
            byTag.merge(f[f.length - 1], 1, Integer::sum);
            long logicalRecv = Long.parseLong(f[11]), physicalRecv = Long.parseLong(f[12]);
            assertTrue(physicalRecv >= logicalRecv, "received after posted: " + line);
        }
        assertEquals(Map.of("1", RANKS * STEPS, "2", RANKS * STEPS, "7", RANKS * TOKENS), byTag);
    }

    @ParameterizedTest
    @ValueSource(strings = {"persistenthalo-dump", "persistenthalo-full"})
    void statsCountPersistentBytesAtTheStartsAndNoneAtTheInits(String name) throws Exception {
        Cli c = Cli.run("stats", trace(name).toString(), "--per-rank", "--format", "csv");
        assertEquals(0, c.code, c.toString());
        Map<String, Long> rankZero = new HashMap<>();
        for (String line : c.out.strip().lines().skip(1).toList()) {
            String[] f = line.split(",");
            if (f[0].equals("0")) rankZero.put(f[2], Long.parseLong(f[4]));
        }
        // Each Startall starts two sends and two receives of 4 doubles; each Start one token's 1 int.
        assertEquals((long) STEPS * 4 * HALO_BYTES, rankZero.get("Startall"), rankZero.toString());
        assertEquals((long) 2 * TOKENS * TOKEN_BYTES, rankZero.get("Start"), rankZero.toString());
        assertEquals(0, rankZero.get("Send_init"));
        assertEquals(0, rankZero.get("Recv_init"));
        assertEquals(0, rankZero.get("Ssend_init"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"persistenthalo-dump", "persistenthalo-full"})
    void jsonLinesGiveEachStartTheBytesOfWhatItStarts(String name) throws Exception {
        Cli c = Cli.run("decode", trace(name).toString(), "--format", "jsonl", "--rank", "1", "--expand");
        assertEquals(0, c.code, c.toString());
        Map<String, Long> bytes = new HashMap<>();
        for (String line : c.out.strip().lines().toList()) {
            JsonNode call = JSON.readTree(line);
            bytes.merge(call.get("op").asText(), call.get("bytes").asLong(), Long::sum);
        }
        assertEquals((long) STEPS * 4 * HALO_BYTES, bytes.get("Startall"), bytes.toString());
        assertEquals((long) 2 * TOKENS * TOKEN_BYTES, bytes.get("Start"), bytes.toString());
        assertEquals(0, bytes.get("Send_init") + bytes.get("Recv_init") + bytes.get("Ssend_init"), bytes.toString());
    }

    private static Path trace(String name) throws Exception {
        return Path.of(PersistentMessagesTest.class.getClassLoader().getResource("persistent/" + name + ".mpjt").toURI());
    }

    /** The name of the slice on the end's rank and thread whose span holds the end's time. */
    private static String sliceAt(List<JsonNode> slices, JsonNode end) {
        double ts = end.get("ts").asDouble();
        for (JsonNode s : slices) {
            if (s.get("pid").asInt() != end.get("pid").asInt() || s.get("tid").asInt() != end.get("tid").asInt()) continue;
            double from = s.get("ts").asDouble();
            if (ts >= from && ts <= from + s.get("dur").asDouble()) return s.get("name").asText();
        }
        return "none";
    }
}
