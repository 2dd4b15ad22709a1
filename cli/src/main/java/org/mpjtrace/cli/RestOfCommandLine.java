package org.mpjtrace.cli;

import java.util.List;
import java.util.Stack;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Takes the main class and every argument after it as they are, so the program's own options
 * ({@code Main -n 5 --verbose}) are not parsed as mpjtrace's: everything from the first positional
 * argument on belongs to the program, as with mpirun.
 */
final class RestOfCommandLine implements IParameterConsumer {

    @Override
    public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
        List<String> rest = argSpec.getValue();
        // An option of ours misspelt: picocli has set it aside as unmatched (and would then take its value for
        // MAIN), or it stands in MAIN's place, where no Java class name can start with '-'.
        List<String> unmatched = commandSpec.commandLine().getUnmatchedArguments();
        String unknown = !unmatched.isEmpty() && unmatched.get(0).startsWith("-") ? unmatched.get(0)
                : rest.isEmpty() && !args.isEmpty() && args.peek().startsWith("-") ? args.peek() : null;
        if (unknown != null)
            throw new ParameterException(commandSpec.commandLine(), "unknown option " + unknown + OptionSuggestion.of(unknown, commandSpec));
        while (!args.isEmpty()) rest.add(args.pop());
    }
}
