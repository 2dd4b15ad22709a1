package org.mpjtrace.cli.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mpjtrace.cli.Cli;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.global.OwnCallCounts;
import org.mpjtrace.trace.io.TraceReader;

/** The calls a clustered trace stands for are the ranks' own, as the dump kept beside it counts them. */
class OwnCallCountsTest {
    private static TraceFile corpus(String name) throws Exception {
        return TraceReader.read(file(name));
    }

    private static Path file(String name) throws Exception {
        return Path.of(OwnCallCountsTest.class.getResource("/fuzz/corpus/" + name).toURI());
    }

    /** Per stack signature, the calls of every rank's kept dump. */
    private static Map<Long, Long> dumpCounts(TraceFile trace) {
        Map<Long, Long> calls = new HashMap<>();
        for (RankTrace r : trace.ranks())
            for (int i = 0; i < r.eventCount(); i++) calls.merge(Event.stack(r.words(), i * Event.WORDS), 1L, Long::sum);
        return calls;
    }

    @Test
    void aMasterAndWorkersClusteredStandForTheCallsTheirDumpHolds() throws Exception {
        TraceFile trace = corpus("masterworker-chameleon-keepdump.mpjt");
        Map<Long, Long> dump = dumpCounts(trace);
        assertEquals(dump, OwnCallCounts.perStack(trace));
        long total = dump.values().stream().mapToLong(Long::longValue).sum();
        assertEquals(total, OwnCallCounts.total(trace));
        // The leads' histograms, scaled by their clusters' sizes, say otherwise: the workers took different numbers of tasks.
        assertNotEquals(total, trace.global().calls());
        String stats = Cli.run("stats", file("masterworker-chameleon-keepdump.mpjt").toString()).out;
        assertTrue(stats.contains("standing for " + total + " calls of 4 ranks"), stats);
    }

    @Test
    void aFullTracesHistogramsAlreadyCountEveryRanksCalls() throws Exception {
        TraceFile trace = corpus("ring-full-keepdump.mpjt");
        assertEquals(dumpCounts(trace), OwnCallCounts.perStack(trace));
        assertEquals(trace.global().calls(), OwnCallCounts.total(trace));
    }
}
