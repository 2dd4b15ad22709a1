package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code decode --format jsonl}: one JSON object per call, one per line, for scripts. */
class DecodeJsonLinesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    Path file;

    @BeforeEach
    void writeSample() throws Exception {
        file = TestTraces.write(dir.resolve("run.mpjt"), TestTraces.sample());
    }

    /** Each line of stdout parsed on its own. */
    static List<JsonNode> objects(Cli c) throws Exception {
        assertEquals(0, c.code, c.toString());
        List<JsonNode> all = new ArrayList<>();
        for (String line : c.out.lines().toList()) all.add(JSON.readTree(line));
        return all;
    }

    @Test
    void everyCallOfEveryRankIsOneObjectOnItsOwnLineWithNoHeader() throws Exception {
        Cli c = Cli.run("decode", file.toString(), "--format", "jsonl");
        List<JsonNode> calls = objects(c);
        assertEquals(13 + 4, calls.size(), c.out);
        assertEquals(List.of(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1), calls.stream().map(n -> n.get("rank").asInt()).toList());
        assertTrue(c.out.endsWith("}\n"), "every object ends its line");
        assertEquals("", c.err);
    }

    @Test
    void aPointToPointCallHasItsPeerTagCountTypeCommBytesAndTimes() throws Exception {
        JsonNode isend = objects(Cli.run("decode", file.toString(), "--format", "jsonl")).get(1);
        assertEquals(JSON.readTree("{\"rank\":0,\"thread\":0,\"seq\":1,\"op\":\"Isend\",\"site\":\"Solver.exchange:42\","
                + "\"stack\":[\"Solver.exchange:42\"],\"peer\":1,\"tag\":7,\"count\":100,\"type\":\"DOUBLE\",\"comm\":0,\"req\":5,"
                + "\"bytes\":800,\"start_ns\":2000,\"dur_ns\":1500}"), isend);
    }

    @Test
    void wildcardsAreNamedAndNeverTakenForRanks() throws Exception {
        List<JsonNode> calls = objects(Cli.run("decode", file.toString(), "--format", "jsonl"));
        JsonNode irecv = calls.get(2), procNull = calls.get(3);
        assertEquals("ANY_SOURCE", irecv.get("peer").asText());
        assertEquals("ANY_TAG", irecv.get("tag").asText());
        assertEquals("PROC_NULL", procNull.get("peer").asText());
        assertEquals("INTx4", procNull.get("type").asText());
    }

    @Test
    void sendrecvRootsAndReductionsHaveTheirOwnKeys() throws Exception {
        List<JsonNode> calls = objects(Cli.run("decode", file.toString(), "--format", "jsonl"));
        JsonNode sendrecv = calls.get(4);
        assertEquals(List.of(1, 3, 4, 1, 4, 2), List.of(sendrecv.get("peer").asInt(), sendrecv.get("tag").asInt(), sendrecv.get("count").asInt(),
                sendrecv.get("recv_peer").asInt(), sendrecv.get("recv_tag").asInt(), sendrecv.get("recv_count").asInt()));
        assertEquals(4 * 8 + 2 * 4, sendrecv.get("bytes").asInt(), "both sides");
        JsonNode bcast = calls.get(6);
        assertEquals(0, bcast.get("root").asInt());
        assertFalse(bcast.has("peer"), "a root is not a peer");
        JsonNode allreduce = calls.get(7);
        assertEquals("SUM", allreduce.get("redop").asText());
        assertFalse(allreduce.has("root"));
        JsonNode split = calls.get(8);
        assertEquals(List.of(-1, -4, 1), List.of(split.get("color").asInt(), split.get("key").asInt(), split.get("newcomm").asInt()));
    }

    @Test
    void theStackIsTheCallSiteThenItsCallersInnermostFirst() throws Exception {
        Path withContext = TestTraces.write(dir.resolve("ctx.mpjt"), TestTraces.withContext());
        List<JsonNode> calls = objects(Cli.run("decode", withContext.toString(), "--format", "jsonl"));
        assertEquals("Solver.exchange:42", calls.get(1).get("site").asText());
        assertEquals(List.of("Solver.exchange:42", "Solver.step:48", "Solver.main:12"), strings(calls.get(1).get("stack")));
        assertEquals(List.of("Solver.exchange:42", "...", "Solver.main:14"), strings(calls.get(3).get("stack")));
    }

    private static List<String> strings(JsonNode array) {
        List<String> s = new ArrayList<>();
        array.forEach(n -> s.add(n.asText()));
        return s;
    }

    @Test
    void rankAndLimitChooseTheCalls() throws Exception {
        List<JsonNode> calls = objects(Cli.run("decode", file.toString(), "--format", "jsonl", "--rank", "1", "--limit", "2"));
        assertEquals(List.of("1:Init", "1:Irecv"), calls.stream().map(n -> n.get("rank").asInt() + ":" + n.get("op").asText()).toList());
    }

    @Test
    void aCompressedTraceNeedsExpandAndThenGivesEveryRanksCallsWithTheirMeanTimes() throws Exception {
        Path chameleon = ChameleonTraces.write(dir.resolve("c.mpjt"), ChameleonTraces.finished());
        Cli refused = Cli.run("decode", chameleon.toString(), "--format", "jsonl");
        assertEquals(2, refused.code, refused.toString());
        assertEquals(1, refused.errLines(), refused.err);
        assertTrue(refused.err.contains("--expand"), refused.err);

        List<JsonNode> calls = objects(Cli.run("decode", chameleon.toString(), "--format", "jsonl", "--expand"));
        int perRank = 1 + 3 * ChameleonTraces.STEPS + 2;
        assertEquals(ChameleonTraces.WORLD * perRank, calls.size());
        // Rank 2 never led after marker 2, yet every call of its own comes back: Isend to rank 3, Irecv from rank 1.
        JsonNode isend = calls.get(2 * perRank + 1), irecv = calls.get(2 * perRank + 2);
        assertEquals(List.of("Isend", "3", "Irecv", "1"), List.of(isend.get("op").asText(), isend.get("peer").asText(),
                irecv.get("op").asText(), irecv.get("peer").asText()));
        // Init lasts 1 us from 0; each call then starts its mean compute (500 ns) after the previous one ended and lasts 1 us.
        assertEquals(List.of(0L, 1000L, 1500L, 1000L, 3000L), List.of(calls.get(0).get("start_ns").asLong(), calls.get(0).get("dur_ns").asLong(),
                calls.get(1).get("start_ns").asLong(), calls.get(1).get("dur_ns").asLong(), calls.get(2).get("start_ns").asLong()));
        assertEquals(List.of(0, 1, 2), calls.subList(0, 3).stream().map(n -> n.get("seq").asInt()).toList());
    }

    @Test
    void anUnknownFormatIsOneLineOfBadInput() {
        Cli c = Cli.run("decode", file.toString(), "--format", "xml");
        assertEquals(2, c.code);
        assertEquals(1, c.errLines(), c.err);
        assertTrue(c.err.startsWith("mpjtrace: unknown --format xml"), c.err);
        assertEquals("", c.out);
    }

    /** Runs {@code mpjtrace ARGS} as bin/mpjtrace does, with System.out on {@code stdout} while it runs. */
    private static int onStandardOutput(java.io.OutputStream stdout, String... args) {
        java.io.PrintStream saved = System.out;
        System.setOut(new java.io.PrintStream(stdout, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            picocli.CommandLine cl = Main.newCommandLine();
            cl.setErr(new java.io.PrintWriter(new java.io.StringWriter(), true));
            return cl.execute(args);
        } finally {
            System.setOut(saved);
        }
    }

    @Test
    void onTheProcesssStandardOutputTheLinesAreTheBytesAWriterGetsAsText() throws Exception {
        java.io.ByteArrayOutputStream stdout = new java.io.ByteArrayOutputStream();
        assertEquals(0, onStandardOutput(stdout, "decode", file.toString(), "--format", "jsonl"));
        String viaWriter = Cli.output("decode", file.toString(), "--format", "jsonl");
        assertEquals(17, viaWriter.lines().count());
        assertEquals(viaWriter, stdout.toString(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void aReaderThatGoesAwayEndsTheCommandQuietly() {
        // As a pipe into head: the first write fails, and every one after it.
        java.io.OutputStream closedPipe = new java.io.OutputStream() {
            @Override
            public void write(int b) throws java.io.IOException {
                throw new java.io.IOException("Broken pipe");
            }
        };
        assertEquals(0, onStandardOutput(closedPipe, "decode", file.toString(), "--format", "jsonl"));
    }
}
