package org.mpjtrace.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.mpjtrace.runtime.config.TracerLog;

/**
 * What {@code mpjtrace attach} asks of the agent it loads into a running JVM, and where the answer goes.
 * The argument is two lines: the reply file (which the command made, and reads once the agent returns),
 * then either the agent options to trace with or {@code control=pause} / {@code control=resume} for a
 * JVM already traced. The reply is one line, {@code ok: ...} or {@code error: ...}; with no reply file
 * (an agent loaded by another tool) an error goes to the JVM's stderr.
 *
 * @param reply   the reply file, or null
 * @param control "pause" or "resume", or null to start tracing
 * @param options the agent options (empty with a control)
 */
record AttachRequest(Path reply, String control, String options) {
    static final String CONTROL = "control=";

    static AttachRequest parse(String args) {
        String text = args == null ? "" : args;
        int newline = text.indexOf('\n');
        Path reply = null;
        if (newline >= 0) {
            try {
                reply = Path.of(text.substring(0, newline));
            } catch (RuntimeException e) {
                // No reply file: errors go to stderr.
            }
            text = text.substring(newline + 1);
        }
        if (text.startsWith(CONTROL)) return new AttachRequest(reply, text.substring(CONTROL.length()).trim(), "");
        return new AttachRequest(reply, null, text);
    }

    /** Answers the command: one line into the reply file it made (a link there is not followed). */
    void answer(String line) {
        if (reply == null) {
            if (line.startsWith("error")) TracerLog.line("attach: " + line);
            return;
        }
        try {
            Files.write(reply, (line + System.lineSeparator()).getBytes(StandardCharsets.UTF_8), StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException | RuntimeException e) {
            TracerLog.line("attach: " + line);
        }
    }
}
