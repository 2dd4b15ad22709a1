package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * "No value" is the op's to say, not the number stored (issue 33 item 2): -1 shows where it is the
 * program's (Split's colour and key, Shift's displacement, Abort's error code), a field the op does not
 * have shows nowhere whatever its slot holds, and a wildcard receive's matched source shows only when one
 * was recorded. Abort's code of -1 and a Barrier's stray count were read by the number before.
 */
class NoValueFieldsTest {
    @TempDir
    Path dir;
    Path file;

    @BeforeEach
    void writeTrace() throws Exception {
        RankTrace r0 = TestTraces.rank(0, 2, RankStats.EMPTY,
                TestTraces.ev(Op.INIT, 0).comm(0).at(-5_000, -1_000),
                TestTraces.ev(Op.SPLIT, 3).color(-1).key(-1).comm(0).result(1).at(1_000, 2_000),
                TestTraces.ev(Op.SHIFT, 3).peer(0).count(-1).peer2(1).tag2(-3).comm(1).at(3_000, 4_000),
                TestTraces.ev(Op.BARRIER, 3).count(3).tag(-1).comm(0).at(5_000, 6_000),
                TestTraces.ev(Op.RECV, 2).peer(1).tag(4).count(2).type(TestTraces.INT).comm(0).at(7_000, 8_000),
                TestTraces.ev(Op.RECV, 2).peer(-2).tag(-2).count(2).type(TestTraces.INT).peer2(1).tag2(6).comm(0).at(9_000, 10_000),
                TestTraces.ev(Op.ABORT, 3).tag(-1).comm(0).at(11_000, 11_000));
        RankTrace r1 = TestTraces.rank(1, 2, RankStats.EMPTY, TestTraces.ev(Op.INIT, 0).comm(0).at(-4_000, -1_000));
        file = TestTraces.write(dir.resolve("novalue.mpjt"), new TraceFile(TestTraces.meta(2), TestTraces.SITES, List.of(r0, r1)));
    }

    private List<String> rank0Lines() {
        Cli c = Cli.run("decode", file.toString(), "--rank", "0");
        assertEquals(0, c.code, c.toString());
        return c.out.lines().filter(l -> l.matches("\\s*\\d+  \\S.*")).toList();
    }

    @Test
    void decodeShowsMinusOneWhereItIsTheProgramsValue() {
        List<String> lines = rank0Lines();
        assertTrue(lines.get(1).contains("color=UNDEFINED key=-1 comm=0 newcomm=1"), lines.get(1));
        assertTrue(lines.get(2).contains("direction=0 disp=-1 source=1 dest=PROC_NULL comm=1"), lines.get(2));
        assertTrue(lines.get(6).contains("  comm=0 code=-1  "), lines.get(6));
    }

    @Test
    void decodeShowsNoFieldTheOpDoesNotHaveWhateverItsSlotHolds() {
        List<String> lines = rank0Lines();
        assertTrue(lines.get(3).matches("\\s*3  Barrier\\s+Solver\\.step:50\\s+comm=0  t=.*"), lines.get(3));
        assertFalse(lines.get(4).contains("matched"), "a receive from a named rank took no wildcard: " + lines.get(4));
        assertTrue(lines.get(5).contains("peer=ANY_SOURCE tag=ANY_TAG count=2 type=INT comm=0 matched=1/6"), lines.get(5));
    }

    @Test
    void jsonLinesSayTheSame() throws Exception {
        List<JsonNode> calls = DecodeJsonLinesTest.objects(Cli.run("decode", file.toString(), "--rank", "0", "--format", "jsonl"));
        assertEquals(-1, calls.get(1).get("color").asInt());
        assertEquals(-1, calls.get(1).get("key").asInt());
        assertEquals(-1, calls.get(2).get("disp").asInt());
        assertEquals("PROC_NULL", calls.get(2).get("dest").asText());
        assertFalse(calls.get(3).has("count") || calls.get(3).has("tag"), calls.get(3).toString());
        assertFalse(calls.get(4).has("matched_peer"), calls.get(4).toString());
        assertEquals(1, calls.get(5).get("matched_peer").asInt());
        assertEquals(-1, calls.get(6).get("code").asInt(), calls.get(6).toString());
    }
}
