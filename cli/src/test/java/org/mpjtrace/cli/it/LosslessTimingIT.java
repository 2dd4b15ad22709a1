package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mpjtrace.cli.Cli;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerState;

/**
 * timing=lossless (issue 27), mode full: every call's own times kept beside the loops give, for
 * every rank and thread, each call's enter and exit exactly as the dump of the same run holds them
 * (keepDump=true keeps that dump in the same file). Threads has two threads per rank, each with its own
 * loop; Stencil2D a time loop whose calls' times all differ.
 */
class LosslessTimingIT {
    @TempDir
    static Path dir;

    @ParameterizedTest(name = "{0} on {1} ranks")
    @CsvSource({"Threads, 3, steps=4 helperSteps=6", "Stencil2D, 4, steps=40 n=16"})
    void everyCallRebuiltFromTheLoopsHasTheDumpsEnterAndExit(String example, int ranks, String args) {
        Path file = dir.resolve(example + ".mpjt");
        MpjJobs.Run run = MpjJobs.run(example, ranks, "multicore", null, file, "full", "keepDump=true,timing=lossless", List.of(args.split(" ")));
        MpjJobs.assertSucceeded(run);
        TraceFile trace = run.result().trace();
        assertEquals(ranks, trace.ranks().size());
        for (RankTrace section : trace.ranks()) {
            assertFalse(section.times().isEmpty(), "rank " + section.rank() + " keeps its calls' times");
            assertEquals(section.eventCount(), section.times().calls(), "rank " + section.rank() + ": a pair of times per call");
            Map<Integer, List<String>> dump = CallLists.byThread(trace, section, false, CallLists.TIMES);
            assertTrue(dump.values().stream().mapToInt(List::size).sum() > 20, "rank " + section.rank() + " made calls: " + dump);
            assertEquals(dump, CallLists.byThread(trace, section, true, CallLists.TIMES), "rank " + section.rank() + ": rebuilt with its own times");
        }
        // The two side by side, as a user compares them: the kept dump's lines and the rebuilt calls' are the
        // same (a rank's threads interleave in the dump as their rings were drained, so compared sorted).
        assertEquals(Cli.output("decode", file.toString(), "--format", "jsonl", "--dump").lines().sorted().toList(),
                Cli.output("decode", file.toString(), "--format", "jsonl", "--expand").lines().sorted().toList());
        String header = Cli.output("decode", file.toString(), "--limit", "0");
        assertTrue(header.contains("timing:         lossless (every call's own duration and interval, kept per thread)"), header);
    }

    @Test
    void everyRankOfAClusteredTraceKeepsItsOwnCallsTimesAfterItStopsTracing() {
        // Chameleon on a 2x2 Stencil2D: after clustering, the non-leads add nothing to the loops (their calls are their
        // lead's) but keep their own times, which rebuild their calls: as many as they made, in order, not the lead's.
        Path file = dir.resolve("chameleon.mpjt");
        MpjJobs.Run run = MpjJobs.run("Stencil2D", 4, "multicore", null, file, "chameleon", "k=2,timing=lossless", List.of("steps=100", "n=8"));
        MpjJobs.assertSucceeded(run);
        TraceFile trace = run.result().trace();
        MarkerLog log = trace.markers();
        assertTrue(log.records().stream().anyMatch(r -> r.state() == MarkerState.L), "the ranks reached state L: " + log.records());
        assertTrue(log.clusterings().stream().anyMatch(c -> c.clusters().size() < 4), "some ranks were non-leads: " + log.clusterings());
        Set<List<String>> distinct = new HashSet<>();
        for (RankTrace section : trace.ranks()) {
            String r = "rank " + section.rank();
            assertFalse(section.times().isEmpty(), r + " keeps its calls' times");
            List<String> calls = CallLists.byThread(trace, section, true, CallLists.TIMES).get(0);
            assertEquals(513, calls.size(), r + ": Init, 100 steps of 5 calls, 10 Allreduce, Reduce, Finalize");
            assertEquals(calls.size(), section.times().calls(), r + ": a pair of times per call it made");
            long lastExit = section.initNanos();
            for (String call : calls) {
                String[] f = call.split(" ");
                long enter = Long.parseLong(f[1]), exit = Long.parseLong(f[2]);
                assertTrue(enter >= lastExit && exit >= enter, r + ": in order, each after the one before: " + call);
                lastExit = exit;
            }
            distinct.add(calls);
        }
        assertEquals(4, distinct.size(), "every rank's own times, none a copy of its lead's");
    }
}
