package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class RunCommandParsingTest {

    private static RunCommand parse(String... args) {
        CommandLine cl = Main.newCommandLine();
        CommandLine.ParseResult pr = cl.parseArgs(args);
        return (RunCommand) pr.subcommand().commandSpec().userObject();
    }

    @Test
    void defaults() {
        RunCommand r = parse("run", "-cp", "app.jar", "Main");
        assertEquals(4, r.ranks);
        assertEquals("multicore", r.device);
        assertEquals("dump", r.mode);
        assertEquals(null, r.output);
        assertFalse(r.noTrace);
        assertEquals(List.of("Main"), r.command);
    }

    @Test
    void everythingAfterMainBelongsToTheProgram() {
        RunCommand r = parse("run", "-np", "16", "--dev", "niodev", "-o", "x.mpjt", "--no-trace", "-cp", "a:b",
                "org.Main", "-np", "3", "--help", "-o", "y");
        assertEquals(16, r.ranks);
        assertEquals("niodev", r.device);
        assertEquals(Path.of("x.mpjt"), r.output);
        assertTrue(r.noTrace);
        assertEquals("a:b", r.classpath);
        assertEquals(List.of("org.Main", "-np", "3", "--help", "-o", "y"), r.command);
    }

    @Test
    void chameleonSettings() {
        RunCommand r = parse("run", "--mode", "chameleon", "--marker", "site:Solver.step:50", "--call-frequency", "3", "-k", "4",
                "-cp", "a", "Main");
        assertEquals("chameleon", r.mode);
        assertEquals("site:Solver.step:50", r.marker);
        assertEquals(3, r.callFrequency);
        assertEquals(4, r.leads);
        assertEquals(8, parse("run", "--leads", "8", "-cp", "a", "Main").leads);
        RunCommand none = parse("run", "-cp", "a", "Main");
        assertEquals(null, none.marker);
        assertEquals(null, none.callFrequency);
        assertEquals(null, none.leads);
    }

    @Test
    void optionsMayComeInAnyOrderBeforeMain() {
        RunCommand r = parse("run", "-cp", "a", "--agent-opts", "ringSize=64", "-np", "2", "Main", "x=1");
        assertEquals(2, r.ranks);
        assertEquals("ringSize=64", r.agentOptions);
        assertEquals(List.of("Main", "x=1"), r.command);
    }
}
