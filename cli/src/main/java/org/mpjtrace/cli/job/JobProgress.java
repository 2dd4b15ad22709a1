package org.mpjtrace.cli.job;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressState;

/**
 * What {@code mpjtrace run} shows on a terminal while the job runs, on one line that me.tongfei's
 * progressbar keeps up to date: the elapsed time and rank 0's status
 * line ({@code 16 ranks running, marker 5 acted on (state L, 9 clusters)}, then the merge at
 * MPI.Finalize), read from the file the agent keeps beside the trace
 * ({@link org.mpjtrace.runtime.config.OutputPath#progressOf}) each time the launcher polls the job. The
 * job's own output goes to the terminal as before, between the updates.
 */
final class JobProgress implements AutoCloseable {
    private final Path status;
    private final ProgressBar bar;
    private String shown = "";

    private JobProgress(Path status, ProgressBar bar) {
        this.status = status;
        this.bar = bar;
    }

    /** A progress line on {@code terminal} fed from {@code status}. */
    static JobProgress on(PrintStream terminal, Path status) {
        // No bar: how long a job runs is not known. The library's renderer slot draws the elapsed time and the status.
        ProgressBar bar = new ProgressBarBuilder().setTaskName("job").setInitialMax(-1).setRenderer(JobProgress::render)
                .setConsumer(new ConsoleProgressBarConsumer(terminal)).setUpdateIntervalMillis(500).continuousUpdate().build();
        bar.setExtraMessage("starting");
        return new JobProgress(status, bar);
    }

    /** {@code mpjtrace: 0:01:05 16 ranks running, marker 5 acted on (state L, 9 clusters)}, cut to the terminal's width. */
    private static String render(ProgressState state, int width) {
        long s = state.getTotalElapsed().getSeconds();
        String line = String.format("mpjtrace: %d:%02d:%02d %s", s / 3600, s / 60 % 60, s % 60,
                state.getExtraMessage() == null ? "" : state.getExtraMessage());
        return line.length() <= width ? line : line.substring(0, Math.max(0, width));
    }

    /** Reads the status again, if it changed. */
    void poll() {
        try {
            if (!Files.isRegularFile(status)) return;
            String now = new String(Files.readAllBytes(status), StandardCharsets.UTF_8).strip();
            if (now.isEmpty() || now.equals(shown)) return;
            shown = now;
            bar.setExtraMessage(now);
        } catch (Exception e) {
            // Renamed in between, or gone: the next poll reads it.
        }
    }

    @Override
    public void close() {
        bar.close();
    }
}
