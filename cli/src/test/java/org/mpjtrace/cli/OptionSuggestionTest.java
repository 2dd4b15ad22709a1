package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class OptionSuggestionTest {

    @Test
    void aTranspositionIsOneEdit() {
        assertEquals(1, OptionSuggestion.distance("--mdoe", "--mode"));
        assertEquals(1, OptionSuggestion.distance("--moed", "--mode"));
        assertEquals(5, OptionSuggestion.distance("--ranks", "--mode"));
    }

    @Test
    void aMisspeltOptionOfRunIsRefusedInOneLineWithTheOptionItMeant() {
        Cli c = Cli.run("run", "--mdoe", "full", "-cp", "app.jar", "Main");
        assertEquals(2, c.code, c.toString());
        assertEquals(1, c.errLines(), c.toString());
        assertEquals("mpjtrace: unknown option --mdoe (did you mean --mode?)", c.err.lines().findFirst().orElseThrow().replaceAll(" \\(see .*\\)$", ""));
        assertEquals("", c.out);
    }

    @Test
    void anOptionNearNoneGetsNoSuggestion() {
        Cli c = Cli.run("run", "--verbose", "-cp", "app.jar", "Main");
        assertEquals(2, c.code, c.toString());
        assertEquals("mpjtrace: unknown option --verbose", c.err.lines().findFirst().orElseThrow().replaceAll(" \\(see .*\\)$", ""));
    }
}
