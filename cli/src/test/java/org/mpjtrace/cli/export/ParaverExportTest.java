package org.mpjtrace.cli.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjtrace.cli.CorpusFiles;
import org.mpjtrace.cli.format.TimedCalls;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.TraceReader;

/** {@code export --format paraver} over the corpus's real traces, its three files parsed back. */
class ParaverExportTest {
    @TempDir
    Path dir;

    private ParaverFiles export(TraceFile trace) throws Exception {
        Path base = dir.resolve("out");
        ParaverExport.write(trace, base, false);
        return new ParaverFiles(base);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ring-dump", "twocallers-dump-ctx", "ring-full-keepdump", "stencil2d-full-ctx", "phasechange-chameleon",
            "stencil2d-acurdion-ctx", "twocallers-acurdion-ctx", "masterworker-reference", "threads-full-keepdump"})
    void everyTraceGivesTimeSortedRecordsOfDefinedValuesOnTheHeadersObjectsTwoStatesAndTwoEventsPerCall(String name) throws Exception {
        checkExport(TraceReader.read(CorpusFiles.path(name)));
    }

    @Test
    void threadsOfMoreCallsThanASpillBlockHoldComeBackWholeAndSorted() throws Exception {
        checkExport(ExportThroughput.dump(3 * CallSpill.BLOCK_CALLS + 5));
    }

    private void checkExport(TraceFile trace) throws Exception {
        ParaverFiles p = export(trace);
        // What the trace holds: calls, and per rank the threads that called MPJ.
        long[] calls = {0};
        List<Integer> threads = new ArrayList<>();
        for (RankTrace section : trace.ranks()) {
            Set<Integer> seen = new HashSet<>(Set.of(0));
            TimedCalls.forEach(trace, section, false, (c, base) -> {
                calls[0]++;
                seen.add(Event.thread(c.words(), base));
            });
            threads.add(seen.size());
        }
        assertEquals(threads, p.threads);
        int allThreads = threads.stream().mapToInt(Integer::intValue).sum();
        assertEquals(allThreads, p.cpus);
        assertEquals(List.of(p.cpus, p.nodes, allThreads),
                List.of(p.levels.get("CPU").size(), p.levels.get("NODE").size(), p.levels.get("THREAD").size()));

        assertEquals(2 * calls[0], p.kind(2).size());
        // Inside every call, and Running between two calls of one thread.
        assertEquals(2 * calls[0] - allThreads, p.kind(1).size());
        assertEquals(FlowPlan.of(trace, false).messages(), p.kind(3).size());

        long last = 0;
        for (long[] r : p.records) {
            assertTrue(ParaverFiles.time(r) >= last, "sorted by time: " + ParaverFiles.time(r) + " after " + last);
            last = ParaverFiles.time(r);
            assertObject(p, r, 1);
            switch ((int) r[0]) {
                case 1 -> {
                    assertTrue(p.states.contains(r[7]), "state " + r[7]);
                    assertTrue(r[5] <= r[6] && r[6] <= p.endNs, "state from " + r[5] + " to " + r[6]);
                }
                case 2 -> {
                    for (int i = 6; i < r.length; i += 2)
                        assertTrue(p.eventValues.containsKey(r[i]) && p.eventValues.get(r[i]).contains(r[i + 1]), "event " + r[i] + ":" + r[i + 1]);
                }
                default -> {
                    assertObject(p, r, 7);
                    assertTrue(r[5] <= r[6] && r[11] <= r[12] && r[12] <= p.endNs, "communication times");
                }
            }
        }
    }

    /** The object at fields {@code from} to {@code from + 3} (cpu, appl, task, thread) is one the header declares. */
    private static void assertObject(ParaverFiles p, long[] r, int from) {
        long cpu = r[from], appl = r[from + 1], task = r[from + 2], thread = r[from + 3];
        assertTrue(cpu >= 1 && cpu <= p.cpus && appl == 1 && task >= 1 && task <= p.threads.size()
                && thread >= 1 && thread <= p.threads.get((int) task - 1), "object " + cpu + ":" + appl + ":" + task + ":" + thread);
    }

    @Test
    void everyCommunicationRecordGoesFromASendsEnterToItsReceivesEnterAndEnd() throws Exception {
        ParaverFiles p = export(TraceReader.read(CorpusFiles.path("ring-dump")));
        List<long[]> comms = p.kind(3);
        // Ring: every rank sends to its right neighbour 3 times, each Send taken by one Recv.
        assertEquals(12, comms.size());
        Set<String> receives = new HashSet<>();
        for (long[] c : comms) {
            assertEquals(c[5], c[6]);
            assertEquals(Op.SEND.code, opAt(p, c[3], c[4], c[5]));
            assertEquals(Op.RECV.code, opAt(p, c[9], c[10], c[11]));
            assertEquals(c[3] % 4 + 1, c[9], "to the right neighbour");
            assertEquals(List.of(8L, 1L), List.of(c[13], c[14]), "one LONG, tag 1");
            // Physical receive: where the Recv ended, in its state record.
            assertTrue(p.kind(1).stream().anyMatch(s -> s[3] == c[9] && s[5] == c[11] && s[6] == c[12] && s[7] == 2));
            assertTrue(receives.add(c[9] + ":" + c[11]), "one message per Recv");
        }
    }

    @Test
    void anIrecvsMessageArrivesAtTheEndOfTheWaitallThatCompletedIt() throws Exception {
        ParaverFiles p = export(TraceReader.read(CorpusFiles.path("stencil2d-full-ctx")));
        List<long[]> comms = p.kind(3);
        assertEquals(160, comms.size());
        for (long[] c : comms) {
            assertEquals(Op.ISEND.code, opAt(p, c[3], c[4], c[5]));
            assertEquals(Op.IRECV.code, opAt(p, c[9], c[10], c[11]));
            long[] waitall = p.kind(1).stream().filter(s -> s[3] == c[9] && s[4] == c[10] && s[6] == c[12]).findFirst().orElseThrow();
            assertEquals(Op.WAITALL.code, opAt(p, c[9], c[10], waitall[5]));
        }
    }

    @Test
    void theThreadsOfARankAreItsParaverThreadsAndSendToEachOther() throws Exception {
        ParaverFiles p = export(TraceReader.read(CorpusFiles.path("threads-full-keepdump")));
        assertEquals(List.of(2, 2, 2), p.threads);
        assertEquals(List.of("rank 0 thread 0", "rank 0 thread 1"), p.levels.get("THREAD").subList(0, 2));
        assertTrue(p.kind(3).stream().anyMatch(c -> c[4] == 2 && c[10] == 2), "a message between helper threads");
        assertTrue(p.kind(2).stream().anyMatch(e -> e[4] == 2), "the helper threads' calls");
    }

    @Test
    void thePcfNamesEveryOpAndEveryCallSite() throws Exception {
        TraceFile trace = TraceReader.read(CorpusFiles.path("ring-dump"));
        ParaverFiles p = export(trace);
        assertEquals("Send", p.eventNames.get((long) ParaverPcf.OP).get((long) Op.SEND.code));
        assertEquals("End", p.eventNames.get((long) ParaverPcf.SITE).get(0L));
        assertEquals(trace.sites().size() + 1, p.eventValues.get((long) ParaverPcf.SITE).size());
        assertTrue(p.eventNames.get((long) ParaverPcf.SITE).containsValue("Ring.main:35"));
    }

    /** The op of the call of task and thread that entered at {@code time}. */
    private static long opAt(ParaverFiles p, long task, long thread, long time) {
        return p.kind(2).stream().filter(e -> e[3] == task && e[4] == thread && e[5] == time && e[7] != 0)
                .findFirst().orElseThrow(() -> new AssertionError("no call entered at " + time + " on " + task + ":" + thread))[7];
    }
}
