package org.mpjtrace.cli.job;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobProgressTest {
    @TempDir
    Path dir;

    @Test
    void theLineShowsTheElapsedTimeAndTheLatestStatusTheJobWrote() throws Exception {
        ByteArrayOutputStream shown = new ByteArrayOutputStream();
        Path status = dir.resolve(".t.mpjt.progress");
        try (JobProgress p = JobProgress.on(new PrintStream(shown, true, StandardCharsets.UTF_8), status)) {
            p.poll(); // no file yet: still "starting"
            Files.writeString(status, "4 ranks running, marker 3 acted on (state L, 2 clusters)\n");
            p.poll();
        }
        String text = shown.toString(StandardCharsets.UTF_8);
        assertTrue(text.matches("(?s).*mpjtrace: [0-9]+:[0-9]{2}:[0-9]{2} 4 ranks running, marker 3 acted on \\(state L, 2 clusters\\).*"), text);
    }
}
