package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/** An internal error of the tracer turns tracing off for that rank only; the program runs on unchanged. */
class TracerFailureIT {

    @Test
    void aFailingRankStopsTracingWithOneLineAndTheProgramRunsOn(@TempDir Path dir) {
        List<String> args = Examples.STENCIL_2D.argsWithCalls();
        MpjJobs.Run faulty = MpjJobs.run("Stencil2D", 4, "multicore", null, dir.resolve("f.mpjt"), "injectFault=1:10", args);
        MpjJobs.assertSucceeded(faulty);
        MpjJobs.Run plain = MpjJobs.run("Stencil2D", 4, "multicore", null, null, null, args);
        List<String> tracerLines = faulty.tracerLines();
        assertEquals(1, tracerLines.size(), faulty.out() + faulty.err());
        List<String> faultyOutput = new java.util.ArrayList<>(CallLists.allLinesSorted(faulty.out()));
        faultyOutput.removeAll(tracerLines);
        assertEquals(CallLists.allLinesSorted(plain.out()), faultyOutput, "the program's own output is unchanged");
        assertTrue(tracerLines.get(0).contains("rank 1") && tracerLines.get(0).contains("tracing is off"), tracerLines.get(0));

        TraceFile trace = faulty.result().trace();
        RankTrace failed = trace.rank(1);
        assertTrue(failed.stats().disabledReason().contains("injected fault"), failed.stats().disabledReason());
        assertEquals(9, failed.eventCount(), "the nine records before the fault are kept");
        var printed = CallLists.printed(plain.out());
        var traced = CallLists.traced(trace);
        for (int r : new int[] {0, 2, 3}) assertEquals(printed.get(r), traced.get(r), "rank " + r + " is traced in full");
    }

    @Test
    void aTraceThatDoesNotFitOnTheDiskCostsTheTraceNotTheProgram(@TempDir Path dir) throws Exception {
        // A file system of 16 kB: the folder takes the checks' empty probe file, not the trace (root
        // ignores permissions, and run refuses a folder it cannot create files in, so a full disk it is).
        Path small = java.nio.file.Files.createDirectory(dir.resolve("small"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", small.toString()).redirectErrorStream(true).start();
        Assumptions.assumeTrue(mount.waitFor() == 0, "mounting a small tmpfs needs root: " + new String(mount.getInputStream().readAllBytes()));
        try {
            runOutOfSpace(small.resolve("t.mpjt"));
        } finally {
            new ProcessBuilder("umount", small.toString()).start().waitFor();
        }
    }

    private static void runOutOfSpace(Path nowhere) throws java.io.IOException {
        List<String> args = List.of("steps=200", "n=64", "--calls");
        MpjJobs.Run run = MpjJobs.run("Stencil2D", 16, "multicore", null, nowhere, null, args);
        assertEquals(1, run.result().exitCode(), "no trace: the CLI reports the job as failed");
        List<String> tracerLines = run.tracerLines();
        assertEquals(1, tracerLines.size(), run.out() + run.err());
        assertTrue(tracerLines.get(0).contains("could not write the trace " + nowhere), tracerLines.get(0));
        try (var left = java.nio.file.Files.list(nowhere.getParent())) {
            assertEquals(List.of(), left.toList(), "the partial temp file is removed");
        }

        MpjJobs.Run plain = MpjJobs.run("Stencil2D", 16, "multicore", null, null, null, args);
        List<String> output = new java.util.ArrayList<>(CallLists.allLinesSorted(run.out()));
        output.removeAll(tracerLines);
        assertEquals(CallLists.allLinesSorted(plain.out()), output, "every rank ran to the end with unchanged output");
    }
}
