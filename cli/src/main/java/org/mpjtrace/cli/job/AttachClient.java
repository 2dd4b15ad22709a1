package org.mpjtrace.cli.job;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import net.bytebuddy.agent.ByteBuddyAgent;

/**
 * Loads the tracer agent into a running JVM through Byte Buddy's attach support (the JDK's attach API,
 * or a helper process where this JVM cannot use it) and reads the agent's one-line answer: the agent
 * writes it into a file this side made, named in the first line of the agent's argument.
 */
public final class AttachClient {
    private final Path tracerJar;

    public AttachClient(Path tracerJar) {
        this.tracerJar = tracerJar;
    }

    /**
     * Attaches to process {@code pid} and asks {@code request} (agent options, or {@code control=pause} /
     * {@code control=resume}); returns the agent's answer, {@code ok: ...} or {@code error: ...}.
     */
    public String attach(long pid, String request) throws IOException {
        Path reply = Files.createTempFile("mpjtrace-attach-", ".reply");
        try {
            ByteBuddyAgent.attach(tracerJar.toFile(), Long.toString(pid), reply + "\n" + request);
            String answer = Files.readString(reply, StandardCharsets.UTF_8).strip();
            return answer.isEmpty() ? "error: the agent loaded but gave no answer (an older tracer.jar?)" : answer;
        } catch (RuntimeException e) {
            // Byte Buddy wraps the attach API's exception (reflectively called): the innermost one says why.
            Throwable cause = e;
            while (cause.getCause() != null) cause = cause.getCause();
            String why = cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage().replace('\n', ' '));
            return "error: cannot attach to process " + pid + " (" + why + ")";
        } finally {
            Files.deleteIfExists(reply);
        }
    }
}
