package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * A program that makes two communicators and a datatype a step and frees them ({@code churn.ObjectChurn}):
 * its full trace is as small at 4,500 steps as at 300, and tells its 9,000 communicators and 4,500 datatypes
 * apart, so that the replay makes every rank's calls. Before format 23 each rank's tables kept a row per
 * object (the file grew by about 35 bytes a step on 4 ranks), and past 4,096 objects a rank's ids were -2,
 * whose replay failed.
 */
class ObjectChurnIT {
    private static final String EXAMPLE = "org.mpjtrace.examples.churn.ObjectChurn";
    private static final int STEPS = 4500;

    @TempDir
    static Path dir;

    private static MpjJobs.Run longRun;

    /** The long run, once for both tests: with --calls, so that its calls can be held against the replay's. */
    private static synchronized MpjJobs.Run longRun() {
        if (longRun == null) {
            longRun = MpjJobs.run(EXAMPLE, 4, "multicore", null, dir.resolve("long.mpjt"), "full", null, List.of("steps=" + STEPS, "--calls"));
            MpjJobs.assertSucceeded(longRun);
        }
        return longRun;
    }

    @Test
    void fifteenTimesTheStepsMakeNoLargerAFile() throws IOException {
        Path shorter = dir.resolve("short.mpjt");
        MpjJobs.assertSucceeded(MpjJobs.run(EXAMPLE, 4, "multicore", null, shorter, "full", null, List.of("steps=300")));
        TraceFile trace = longRun().result().trace();
        for (RankTrace r : trace.ranks()) {
            assertEquals(1 + 2 * STEPS, r.comms().size(), "rank " + r.rank() + ": COMM_WORLD and two communicators a step");
            assertEquals(2 * STEPS, r.comms().get(2 * STEPS).id());
            assertTrue(r.datatypes().size() > STEPS, "rank " + r.rank() + ": a datatype a step, " + r.datatypes().size());
        }
        long a = Files.size(shorter), b = Files.size(dir.resolve("long.mpjt"));
        assertTrue(b <= 1.05 * a, "300 steps: " + a + " B, " + STEPS + " steps: " + b + " B");
    }

    @Test
    void everyCommunicatorAndDatatypeIsToldApartAndTheReplayMakesEachRanksCalls() {
        MpjJobs.Run run = longRun();
        TraceFile replay = TracedReplay.of(run.result().trace(), dir.resolve("long.mpjt"), dir, 4, "multicore", null);
        assertEquals(CallLists.printed(run.out()), CallLists.traced(replay));
        for (RankTrace r : replay.ranks()) {
            Set<Integer> comms = new HashSet<>();
            for (int i = 0; i < r.eventCount(); i++) {
                int base = RankTrace.base(i), comm = Event.comm(r.words(), base), type = Event.datatype(r.words(), base);
                assertTrue(comm >= -1 && type >= -1, "rank " + r.rank() + " call " + i + ": communicator " + comm + ", datatype " + type
                        + " (-2: past what the tracer tracks; -1: none)");
                if (comm >= 0) comms.add(comm);
            }
            assertEquals(1 + 2 * STEPS, comms.size(), "rank " + r.rank() + ": the replay's communicators, each used");
        }
    }
}
