package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HelpAndVersionTest {

    @Test
    void versionOnEveryCommandNamesTheBuildsCommit() throws Exception {
        // Built from this checkout: the commit is HEAD's (the build of the tests' own run), marked
        // modified when files differed from it. Built outside a git checkout: the release alone.
        Process git = new ProcessBuilder("git", "rev-parse", "--short=7", "HEAD").redirectErrorStream(true).start();
        String head = new String(git.getInputStream().readAllBytes()).strip();
        String expected = git.waitFor() == 0 ? "mpjtrace 0\\.1\\.0 \\(" + head + "(, modified)?\\)" : "mpjtrace 0\\.1\\.0";
        for (String[] args : new String[][] {{"--version"}, {"run", "--version"}, {"decode", "-V"}}) {
            Cli c = Cli.run(args);
            assertEquals(0, c.code, c.toString());
            assertTrue(c.out.strip().matches(expected), c.out + " against " + expected);
        }
    }

    @Test
    void helpOnEveryCommand() {
        for (String cmd : new String[] {"run", "attach", "decode", "stats", "clusters", "replay", "compare", "export", "heatmap", "report", "phases", "proxy", "demo"}) {
            // A lone % in a description makes picocli warn on System.err and print the text unformatted.
            PrintStream stderr = System.err;
            ByteArrayOutputStream warnings = new ByteArrayOutputStream();
            Cli c;
            try {
                System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
                c = Cli.run(cmd, "--help");
            } finally {
                System.setErr(stderr);
            }
            assertEquals(0, c.code, c.toString());
            assertTrue(c.out.startsWith("Usage: mpjtrace " + cmd), c.out);
            assertEquals("", c.err);
            assertEquals("", warnings.toString(StandardCharsets.UTF_8), cmd + "'s help");
        }
        Cli top = Cli.run("--help");
        assertEquals(0, top.code);
        for (String cmd : new String[] {"run", "decode", "stats", "clusters", "demo"}) assertTrue(top.out.contains("  " + cmd + " "), top.out);
    }
}
