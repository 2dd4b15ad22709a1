package org.mpjtrace.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * run checks every agent option with the agent's own parser, and the trace's path, before it starts a
 * job: one line, exit 2, no job. The ranks' agents refused these one by one (MPJ's starter then exits
 * 0, so run said "job failed"), and an output folder that does not exist lost the trace at the end.
 */
class RunAgentOptionsTest {
    @TempDir
    Path dir;

    @Test
    void valuesTheAgentWouldRefuseAreRefusedBeforeTheJob() {
        Cli.assertRunRefused("--agent-opts: bad value for agent key 'stackDepth': '99' (expected 0 to 16)", "--agent-opts", "stackDepth=99");
        Cli.assertRunRefused("--agent-opts: bad value for agent key 'ringSize': '100' (expected a power of two from 64 to 1048576)",
                "--agent-opts", "ringSize=100");
        Cli.assertRunRefused("--agent-opts: unknown agent key 'stackdepth' (did you mean 'stackDepth'? ", "--agent-opts", "stackdepth=2");
        Cli.assertRunRefused("--agent-opts: bad value for agent key 'keepDump': mode dump is a dump already", "--agent-opts", "keepDump=true");
    }

    @Test
    void aConfigFileIsReadAndCheckedLikeTheAgentWould() throws Exception {
        Path missing = dir.resolve("missing.conf");
        Cli.assertRunRefused("--agent-opts: bad value for agent key 'config': cannot read '" + missing + "'", "--agent-opts", "config=" + missing);
        Path bad = Files.writeString(dir.resolve("bad.conf"), "stackDepth=-1\n");
        Cli.assertRunRefused("--agent-opts: bad value for agent key 'stackDepth': '-1'", "--agent-opts", "config=" + bad);
    }

    @Test
    void anOutputPathNoTraceCanBeWrittenAtIsRefusedBeforeTheJob() throws Exception {
        Cli.assertRunRefused("/nonexistent/dir/x.mpjt: no such directory /nonexistent/dir", "-o", "/nonexistent/dir/x.mpjt");
        Path folder = Files.createDirectory(dir.resolve("t.mpjt"));
        Cli.assertRunRefused(folder + " is a directory", "-o", folder.toString());
    }

    @Test
    void timingIsCheckedBeforeAnyJobStarts() {
        Cli.assertRunRefused("--timing: 'fast' is not a timing (expected aggregate or histogram or lossy or lossless)", "--mode", "full", "--timing", "fast");
        Cli.assertRunRefused("--timing aggregate applies to the compressed modes (full, chameleon, acurdion, reference); a dump keeps every call's times",
                "--timing", "aggregate");
        Cli.assertRunRefused("--epsilon applies with --timing lossy only", "--mode", "full", "--epsilon", "0.1");
        Cli.assertRunRefused("--agent-opts: bad value for agent key 'epsilon': '0' (expected a number from 0.001 to 1", "--mode", "full",
                "--timing", "lossy", "--epsilon", "0");
        Cli.assertRunRefused("'epsilon' is already set by --epsilon", "--mode", "full", "--timing", "lossy", "--epsilon", "0.1",
                "--agent-opts", "epsilon=0.2");
        Cli.assertRunRefused("--timing lossless applies to the compressed modes (full, chameleon, acurdion, reference); a dump keeps every call's times",
                "--timing", "lossless");
        Cli.assertRunRefused("'timing' is already set by --timing", "--mode", "full", "--timing", "lossless", "--agent-opts", "timing=histogram");
        Cli.assertRunRefused("--agent-opts: bad value for agent key 'timing': lossless keeps every call's times beside a compressed trace's loops",
                "--agent-opts", "timing=lossless");
    }
}
