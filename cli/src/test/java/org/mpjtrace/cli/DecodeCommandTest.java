package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DecodeCommandTest {
    @TempDir
    Path dir;
    Path file;

    @BeforeEach
    void writeSample() throws Exception {
        file = TestTraces.write(dir.resolve("run.mpjt"), TestTraces.sample());
    }

    private List<String> lines(Cli c) {
        return c.out.lines().toList();
    }

    private String eventLine(Cli c, int rank, int index) {
        List<String> l = lines(c);
        int at = l.indexOf(l.stream().filter(s -> s.startsWith("rank " + rank + " on ")).findFirst().orElseThrow());
        String prefix = Integer.toString(index);
        return l.subList(at + 1, l.size()).stream().filter(s -> s.trim().startsWith(prefix + " ")).findFirst().orElseThrow();
    }

    @Test
    void headerNamesTheJob() {
        Cli c = Cli.run("decode", file.toString());
        assertEquals(0, c.code, c.toString());
        assertEquals("", c.err);
        assertTrue(c.out.contains("mode:           dump"), c.out);
        assertTrue(c.out.contains("device:         multicore"), c.out);
        assertTrue(c.out.contains("ranks:          2"), c.out);
        assertTrue(c.out.contains("tracer version: 0.1.0"), c.out); // as the test trace says
        assertTrue(c.out.contains("agent options:  mode=dump,output=/tmp/x.mpjt"), c.out);
        assertTrue(c.out.contains("started:        "), c.out);
        assertTrue(c.out.contains("rank 0 on node0: 13 events"), c.out);
        assertTrue(c.out.contains("rank 1 on node1: 4 events"), c.out);
    }

    @Test
    void pointToPointShowsPeerTagCountTypeCommAndRequest() {
        Cli c = Cli.run("decode", file.toString());
        String isend = eventLine(c, 0, 1);
        assertTrue(isend.matches("\\s*1  Isend\\s+Solver\\.exchange:42\\s+peer=1 tag=7 count=100 type=DOUBLE comm=0 req=5  t=2\\.000us dur=1\\.500us"), isend);
    }

    @Test
    void sentinelsAreSpelledOut() {
        Cli c = Cli.run("decode", file.toString());
        assertTrue(eventLine(c, 0, 2).contains("peer=ANY_SOURCE tag=ANY_TAG count=10 type=INT"), eventLine(c, 0, 2));
        assertTrue(eventLine(c, 0, 3).contains("peer=PROC_NULL tag=1 count=3 type=INTx4"), eventLine(c, 0, 3));
    }

    @Test
    void sendrecvShowsBothSides() {
        String line = eventLine(Cli.run("decode", file.toString()), 0, 4);
        assertTrue(line.contains("send(peer=1 tag=3 count=4 type=DOUBLE) recv(peer=1 tag=4 count=2 type=INT) comm=0"), line);
    }

    @Test
    void collectivesCompletionsAndCommunicatorCalls() {
        Cli c = Cli.run("decode", file.toString());
        assertTrue(eventLine(c, 0, 5).contains("Waitall") && eventLine(c, 0, 5).contains(" n=4 "), eventLine(c, 0, 5));
        assertTrue(eventLine(c, 0, 6).contains("root=0 count=8 type=DOUBLE comm=0"), eventLine(c, 0, 6));
        assertTrue(eventLine(c, 0, 7).contains("count=2 type=DOUBLE op=SUM comm=0"), eventLine(c, 0, 7));
        assertTrue(eventLine(c, 0, 8).contains("color=UNDEFINED key=-4 comm=0 newcomm=1"), eventLine(c, 0, 8));
        assertTrue(eventLine(c, 0, 9).contains("direction=0 disp=-1 source=PROC_NULL dest=1 comm=1"), eventLine(c, 0, 9));
        String probe = eventLine(c, 0, 10);
        assertTrue(probe.contains("peer=1 tag=9 comm=0") && !probe.contains("count"), probe);
        assertTrue(eventLine(c, 1, 2).contains("n=1 req=0"), eventLine(c, 1, 2));
    }

    @Test
    void timesAreMicrosecondsFromInit() {
        Cli c = Cli.run("decode", file.toString());
        assertTrue(eventLine(c, 0, 0).endsWith("t=-5.000us dur=4.000us"), eventLine(c, 0, 0));
        assertTrue(eventLine(c, 0, 7).endsWith("t=40.0us dur=52305.7us"), eventLine(c, 0, 7));
        // A call site without a line number, and a setup call without parameters.
        assertTrue(eventLine(c, 0, 12).matches("\\s*12  Finalize\\s+Solver\\.main:\\?\\s+t=70000\\.0us dur=500\\.0us"), eventLine(c, 0, 12));
    }

    @Test
    void callingContextFollowsTheCallSiteNearestCallerFirst() throws Exception {
        Path withContext = TestTraces.write(dir.resolve("context.mpjt"), TestTraces.withContext());
        Cli c = Cli.run("decode", withContext.toString());
        assertEquals(0, c.code, c.toString());
        assertTrue(c.out.contains("call paths:     5"), c.out);
        String twoCallers = eventLine(c, 0, 1);
        assertTrue(twoCallers.matches("\\s*1  Isend\\s+Solver\\.exchange:42 <- Solver\\.step:48 <- Solver\\.main:12\\s+peer=0 tag=7 count=100 "
                + "type=DOUBLE comm=0 req=0  t=2\\.000us dur=1\\.500us"), twoCallers);
        assertTrue(eventLine(c, 0, 2).contains("  Solver.exchange:42 <- Solver.main:14  "), eventLine(c, 0, 2));
        assertTrue(eventLine(c, 0, 3).contains("  Solver.exchange:42 <- ... <- Solver.main:14  "), eventLine(c, 0, 3));
        String noCallers = eventLine(c, 0, 0);
        assertTrue(noCallers.matches("\\s*0  Init\\s+Solver\\.main:10\\s+comm=0  t=-5\\.000us dur=4\\.000us"), noCallers);
        // The parameters line up whether or not an event has callers.
        assertEquals(twoCallers.indexOf("peer=0"), eventLine(c, 0, 2).indexOf("peer=0"));
        assertEquals(twoCallers.indexOf("peer=0"), noCallers.indexOf("comm=0"));
    }

    @Test
    void aTraceWithoutCallingContextSaysNothingOfCallPaths() {
        Cli c = Cli.run("decode", file.toString());
        assertFalse(c.out.contains("call paths"), c.out);
        assertFalse(c.out.contains(" <- "), c.out);
    }

    @Test
    void rankOptionShowsOneRank() {
        Cli c = Cli.run("decode", file.toString(), "--rank", "1");
        assertEquals(0, c.code, c.toString());
        assertTrue(c.out.contains("rank 1 on node1: 4 events"));
        assertFalse(c.out.contains("rank 0 on"));
    }

    @Test
    void limitCutsEachRank() {
        Cli c = Cli.run("decode", file.toString(), "--limit", "2");
        assertEquals(0, c.code, c.toString());
        assertTrue(c.out.contains("  ... 11 more events"), c.out);
        assertTrue(c.out.contains("  ... 2 more events"), c.out);
        assertFalse(c.out.contains("Irecv             Solver.exchange:43  peer=ANY_SOURCE"), c.out);
    }

    @Test
    void unknownRankIsBadInput() {
        Cli c = Cli.run("decode", file.toString(), "--rank", "7");
        assertEquals(2, c.code, c.toString());
        assertEquals(1, c.errLines(), c.err);
        assertTrue(c.err.startsWith("mpjtrace: ") && c.err.contains("run.mpjt") && c.err.contains("rank 7"), c.err);
        assertEquals("", c.out);
    }

    @Test
    void negativeLimitIsBadInput() {
        Cli c = Cli.run("decode", file.toString(), "--limit", "-1");
        assertEquals(2, c.code, c.toString());
        assertEquals(1, c.errLines(), c.err);
    }

    @Test
    void dumpPrintsTheDumpKeptBesideAFullTraceOneCallPerLineWithItsOwnTimes() throws Exception {
        String kept = CorpusFiles.path("ring-full-keepdump").toString();
        org.mpjtrace.trace.TraceFile t = TraceFiles.load(CorpusFiles.path("ring-full-keepdump"));
        long events = t.ranks().stream().mapToLong(org.mpjtrace.trace.RankTrace::eventCount).sum();
        assertTrue(events > 0);
        Cli jsonl = Cli.run("decode", kept, "--dump", "--format", "jsonl");
        assertEquals(0, jsonl.code, jsonl.toString());
        assertEquals(events, jsonl.out.lines().count());
        // The dump's own times: a line's start_ns is its record's enter from the rank's MPI.Init.
        org.mpjtrace.trace.RankTrace r0 = t.rank(0);
        long enter = org.mpjtrace.trace.Event.enter(r0.words(), org.mpjtrace.trace.RankTrace.base(1)) - r0.initNanos();
        String second = jsonl.out.lines().filter(l -> l.startsWith("{\"rank\":0,")).skip(1).findFirst().orElseThrow();
        assertTrue(second.contains("\"start_ns\":" + enter + ","), second);
        Cli text = Cli.run("decode", kept, "--dump", "--rank", "1");
        assertEquals(0, text.code, text.toString());
        assertTrue(text.out.contains("rank 1 on "), text.out);
        assertFalse(text.out.contains("global trace"), "the dump, not the loops: " + text.out);
    }

    @Test
    void dumpOfATraceWithoutOneIsRefusedInOneLine() {
        Cli full = Cli.run("decode", CorpusFiles.path("stencil2d-full-ctx").toString(), "--dump");
        assertEquals(2, full.code);
        assertEquals(1, full.errLines(), full.err);
        assertTrue(full.err.contains("keeps no dump (trace with keepDump=true to keep one)"), full.err);
        Cli dump = Cli.run("decode", CorpusFiles.path("ring-dump").toString(), "--dump");
        assertEquals(2, dump.code);
        assertTrue(dump.err.contains("a dump-mode trace is one: drop --dump"), dump.err);
        Cli both = Cli.run("decode", CorpusFiles.path("ring-full-keepdump").toString(), "--dump", "--expand", "--rank", "0");
        assertEquals(2, both.code);
        assertTrue(both.err.contains("--dump and --expand: give one"), both.err);
    }

    /** Refused before the trace's header is printed: the refusal is all there is. */
    @Test
    void expandWithoutARankIsRefusedInOneLineWithNothingElsePrinted() {
        Cli c = Cli.run("decode", CorpusFiles.path("stencil2d-full-ctx").toString(), "--expand");
        assertEquals(2, c.code);
        assertEquals("", c.out);
        assertEquals(1, c.errLines(), c.err);
        assertTrue(c.err.contains("--expand needs --rank R"), c.err);
    }
}
