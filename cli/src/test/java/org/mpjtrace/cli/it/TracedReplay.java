package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import org.mpjtrace.cli.job.Installation;
import org.mpjtrace.cli.job.JobLauncher;
import org.mpjtrace.cli.job.JobRequest;
import org.mpjtrace.cli.job.ReplayJob;
import org.mpjtrace.replay.ReplayMain;
import org.mpjtrace.trace.TraceFile;

/** A replay run with the replay itself traced in dump mode, so a test can see which calls it made. */
final class TracedReplay {
    private TracedReplay() {}

    /** Replays {@code trace} (read from {@code file}) traced in dump mode into {@code dir}; returns the replay's trace. */
    static TraceFile of(TraceFile trace, Path file, Path dir, int ranks, String device, Path machines) {
        Path replayed = dir.resolve(file.getFileName() + "-replay.mpjt");
        StringWriter out = new StringWriter(), err = new StringWriter();
        Installation installation = Installation.fromEnvironment();
        JobLauncher launcher = new JobLauncher(installation, new PrintWriter(err, true)).timeout(Duration.ofMinutes(3));
        ReplayJob.Settings as = new ReplayJob.Settings(0, device, machines, ReplayJob.MEAN, 1, JobRequest.DUMP, replayed,
                ReplayMain.DEFAULT_STALL_SECONDS, false);
        ReplayJob.Outcome o = ReplayJob.run(installation, launcher, trace, file, as, new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, o.exitCode(), () -> "replay failed\n--- out\n" + out + "--- err\n" + err);
        assertTrue(o.seconds() > 0, out.toString());
        TraceFile replay = o.job().trace();
        assertEquals(ranks, replay.ranks().size());
        return replay;
    }
}
