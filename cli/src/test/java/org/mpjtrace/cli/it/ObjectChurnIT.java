package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * A program that makes two communicators and a datatype a step and frees them ({@code churn.ObjectChurn}):
 * its full trace is as small at 3,000 steps as at 300, and tells its 6,000 communicators apart, so that the
 * replay makes every rank's calls. Before format 23 each rank's tables kept a row per object (the file grew
 * by about 20 bytes a step on 4 ranks), and past 4,096 objects a rank's ids were -2, whose replay failed.
 */
class ObjectChurnIT {
    private static final String EXAMPLE = "org.mpjtrace.examples.churn.ObjectChurn";

    @TempDir
    static Path dir;

    @Test
    void tenTimesTheStepsMakeNoLargerAFile() throws IOException {
        Path shorter = dir.resolve("short.mpjt"), longer = dir.resolve("long.mpjt");
        MpjJobs.Run few = MpjJobs.run(EXAMPLE, 4, "multicore", null, shorter, "full", null, List.of("steps=300"));
        MpjJobs.Run many = MpjJobs.run(EXAMPLE, 4, "multicore", null, longer, "full", null, List.of("steps=3000"));
        MpjJobs.assertSucceeded(few);
        MpjJobs.assertSucceeded(many);
        for (RankTrace r : many.result().trace().ranks()) {
            assertEquals(1 + 2 * 3000, r.comms().size(), "rank " + r.rank() + ": COMM_WORLD and two communicators a step");
            assertEquals(6000, r.comms().get(6000).id());
            assertTrue(r.datatypes().size() > 3000, "rank " + r.rank() + ": a datatype a step");
        }
        long a = Files.size(shorter), b = Files.size(longer);
        assertTrue(b <= 1.05 * a, "300 steps: " + a + " B, 3,000 steps: " + b + " B");
    }

    @Test
    void everyCommunicatorIsToldApartAndTheReplayMakesEachRanksCalls() {
        Path file = dir.resolve("calls.mpjt");
        MpjJobs.Run run = MpjJobs.run(EXAMPLE, 4, "multicore", null, file, "full", null, List.of("steps=2500", "--calls"));
        MpjJobs.assertSucceeded(run);
        TraceFile replay = TracedReplay.of(run.result().trace(), file, dir, 4, "multicore", null);
        Map<Integer, List<String>> printed = CallLists.printed(run.out());
        assertEquals(printed, CallLists.traced(replay));
        for (RankTrace r : replay.ranks()) {
            Set<Integer> comms = new HashSet<>();
            for (int i = 0; i < r.eventCount(); i++) {
                int comm = Event.comm(r.words(), RankTrace.base(i));
                if (comm == -1) continue; // a call on no communicator (MPI.Finalize)
                assertTrue(comm >= 0, "rank " + r.rank() + " call " + i + ": communicator " + comm + " (-2: past what the tracer tracks)");
                comms.add(comm);
            }
            assertEquals(1 + 2 * 2500, comms.size(), "rank " + r.rank() + ": the replay's communicators, each used");
        }
    }
}
