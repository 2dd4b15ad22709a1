package org.mpjtrace.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mpjtrace attach} refuses what it cannot do before it touches any JVM: one line on stderr naming
 * it, exit 2. (AttachIT attaches to real jobs.)
 */
class AttachCommandTest {
    @TempDir
    Path dir;

    private static void refused(String mustContain, String... args) {
        Cli.assertRefused(mustContain, args);
    }

    @Test
    void processIdsAndAMainClassTogetherOrNeitherAreRefused() {
        refused("give the job's process ids or --main-class, not both", "attach");
        refused("give the job's process ids or --main-class, not both", "attach", "123", "--main-class", "a.B");
    }

    @Test
    void theClusteringModesAreRefusedWithTheReason() {
        refused("mode chameleon clusters at markers, which need every rank from MPI.Init on", "attach", "--mode", "chameleon", "123");
        refused("unknown mode 'fast'", "attach", "--mode", "fast", "123");
    }

    @Test
    void agentOptionsAreCheckedByTheAgentsParserFirst() {
        refused("set 'output' with --output (-o) instead", "attach", "--agent-opts", "output=x.mpjt", "123");
        refused("--agent-opts: ", "attach", "--agent-opts", "stackDepth=-4", "-o", dir.resolve("t.mpjt").toString(), "123");
    }

    @Test
    void anOutputFolderThatTakesNoFileIsRefused() throws Exception {
        Path notAFolder = Files.writeString(dir.resolve("file"), "x");
        refused("-o: ", "attach", "-o", notAFolder.resolve("t.mpjt").toString(), "123");
    }

    @Test
    void pauseAndResumeTogetherAreRefused() {
        refused("--pause and --resume: give one", "attach", "--pause", "--resume", "123");
    }

    @Test
    void aMainClassNoJvmNamesIsRefused() {
        refused("no running JVM names no.such.Main on its command line", "attach", "--main-class", "no.such.Main", "-o", dir.resolve("t.mpjt").toString());
    }
}
