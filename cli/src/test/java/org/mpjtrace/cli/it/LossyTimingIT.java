package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.Cli;
import org.mpjtrace.cli.format.TimedCalls;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * Mode full with timing=lossy (issue 27): each call's duration and the interval before it, rebuilt from
 * the loops and the kept bins, are within epsilon of the dump of the same run (keepDump=true), or within
 * 1 us below 1 us; and the files order by how much time they keep: histogram < lossy < lossless.
 */
class LossyTimingIT {
    private static final double EPSILON = 0.1;
    private static final List<String> ARGS = List.of("steps=40", "n=16");

    @TempDir
    static Path dir;

    @Test
    void everyCallsDurationAndIntervalAreWithinEpsilonOfTheDumps() {
        Path file = dir.resolve("lossy.mpjt");
        MpjJobs.Run run = MpjJobs.run("Stencil2D", 4, "multicore", null, file, "full", "keepDump=true,timing=lossy,epsilon=" + EPSILON, ARGS);
        MpjJobs.assertSucceeded(run);
        TraceFile trace = run.result().trace();
        for (RankTrace section : trace.ranks()) {
            assertEquals(EPSILON, section.times().epsilon());
            List<long[]> dump = intervalsAndDurations(trace, section, false), kept = intervalsAndDurations(trace, section, true);
            assertEquals(dump.size(), kept.size(), "rank " + section.rank());
            assertTrue(dump.size() > 200, "rank " + section.rank() + " made calls");
            for (int i = 0; i < dump.size(); i++) {
                for (int k = 0; k < 2; k++) {
                    long exact = dump.get(i)[k], lossy = kept.get(i)[k];
                    double allowed = Math.max(EPSILON * exact, 1_000);
                    assertTrue(Math.abs(lossy - exact) <= allowed, "rank " + section.rank() + " call " + i + (k == 0 ? " interval " : " duration ")
                            + lossy + " ns against the dump's " + exact + " ns");
                }
            }
        }
        String header = Cli.output("decode", file.toString(), "--limit", "0");
        assertTrue(header.contains("timing:         lossy, epsilon " + EPSILON + " (every call's own duration and interval within that relative error"), header);
    }

    @Test
    void theFilesOrderByHowMuchTimeTheyKeep() throws IOException {
        long aggregate = size("aggregate", "timing=aggregate"), histogram = size("histogram", "timing=histogram"),
                lossy = size("lossy", "timing=lossy,epsilon=" + EPSILON), lossless = size("lossless", "timing=lossless");
        assertTrue(aggregate < histogram && histogram < lossy && lossy < lossless,
                "aggregate " + aggregate + " B, histogram " + histogram + " B, lossy " + lossy + " B, lossless " + lossless + " B");
        String header = Cli.output("decode", dir.resolve("aggregate.mpjt").toString(), "--limit", "0");
        assertTrue(header.contains("timing:         aggregate (each call site's count, mean, min and max time; no quantiles"), header);
    }

    private static long size(String name, String options) throws IOException {
        Path file = dir.resolve(name + ".mpjt");
        MpjJobs.assertSucceeded(MpjJobs.run("Stencil2D", 4, "multicore", null, file, "full", options, ARGS));
        return Files.size(file);
    }

    /** The rank's calls (one thread: Stencil2D's) as {interval since the previous call's end, duration}; the dump's or rebuilt with the kept times. */
    private static List<long[]> intervalsAndDurations(TraceFile trace, RankTrace section, boolean rebuilt) {
        List<long[]> out = new ArrayList<>();
        long[] lastExit = {section.initNanos()};
        TimedCalls.forEach(trace, section, rebuilt, (calls, base) -> {
            long enter = Event.enter(calls.words(), base), exit = Event.exit(calls.words(), base);
            out.add(new long[] {enter - lastExit[0], exit - enter});
            lastExit[0] = exit;
        });
        return out;
    }
}
