package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        for (String cmd : new String[] {"run", "decode", "stats", "clusters", "demo"}) {
            Cli c = Cli.run(cmd, "--help");
            assertEquals(0, c.code, c.toString());
            assertTrue(c.out.startsWith("Usage: mpjtrace " + cmd), c.out);
            assertEquals("", c.err);
        }
        Cli top = Cli.run("--help");
        assertEquals(0, top.code);
        for (String cmd : new String[] {"run", "decode", "stats", "clusters", "demo"}) assertTrue(top.out.contains("  " + cmd + " "), top.out);
    }
}
