package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CompletionTest {

    @Test
    void generateCompletionPrintsABashScriptThatKnowsTheCommandsAndTheirOptions() {
        String script = Cli.output("generate-completion");
        assertTrue(script.startsWith("#!/usr/bin/env bash"), script.lines().findFirst().orElse(""));
        assertTrue(script.contains("complete -F _complete_mpjtrace") && script.contains("export") && script.contains("--format")
                && script.contains("--mode"), "the commands and their options");
    }
}
