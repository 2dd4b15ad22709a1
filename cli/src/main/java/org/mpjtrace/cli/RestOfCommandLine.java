package org.mpjtrace.cli;

import java.util.List;
import java.util.Stack;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Takes the main class and every argument after it as they are, so the program's own options
 * ({@code Main -n 5 --verbose}) are not parsed as mpjtrace's: everything from the first positional
 * argument on belongs to the program, as with mpirun.
 */
final class RestOfCommandLine implements IParameterConsumer {

    @Override
    public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
        List<String> rest = argSpec.getValue();
        while (!args.isEmpty()) rest.add(args.pop());
    }
}
