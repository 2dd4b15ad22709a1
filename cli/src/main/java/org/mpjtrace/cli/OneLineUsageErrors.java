package org.mpjtrace.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * Reports a usage error as one line (what is wrong, and where to look for the right usage) instead of
 * picocli's message plus the whole usage text, which buries the message; exit code 2 like all bad input.
 */
final class OneLineUsageErrors implements CommandLine.IParameterExceptionHandler {

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        String path = cmd.getCommandSpec().qualifiedName();
        err.println("mpjtrace: " + BadInputException.oneLine(ex.getMessage()) + " (see " + path + " --help)");
        err.flush();
        return ExitCodes.BAD_INPUT;
    }
}
