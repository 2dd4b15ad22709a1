package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HelpAndVersionTest {

    @Test
    void versionOnEveryCommand() {
        for (String[] args : new String[][] {{"--version"}, {"run", "--version"}, {"decode", "-V"}}) {
            Cli c = Cli.run(args);
            assertEquals(0, c.code, c.toString());
            assertEquals("mpjtrace 0.1.0", c.out.strip());
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
