package org.mpjtrace.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.mpjtrace.trace.MpjtraceVersion;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The {@code mpjtrace} command: picocli's root, holding the subcommands. */
@Command(name = "mpjtrace",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Traces the communication of Java MPI programs on MPJ Express.",
        subcommands = {RunCommand.class, AttachCommand.class, DecodeCommand.class, StatsCommand.class, ClustersCommand.class, ReplayCommand.class, CompareCommand.class, ExportCommand.class, HeatmapCommand.class, ReportCommand.class, PhasesCommand.class, ProxyCommand.class, DemoCommand.class,
            AutoComplete.GenerateCompletion.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:the MPJ job failed, or the command ran out of memory", "2:bad input (arguments, missing or corrupt trace file)"})
public final class Main implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        System.exit(newCommandLine().execute(args));
    }

    /**
     * The command line as {@link #main} runs it: usage errors as one line. Tests may also use a plain
     * {@code new CommandLine(new Main())}; then only usage errors look different (picocli's message
     * followed by the usage help), with the same exit code 2.
     */
    public static CommandLine newCommandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setParameterExceptionHandler(new OneLineUsageErrors());
        // picocli's writer over System.out, made once and given to every subcommand, so that a command can
        // tell it from a writer a test or an embedding program set (decode --format jsonl then writes bytes).
        standardOut = cl.getOut();
        cl.setOut(standardOut);
        return cl;
    }

    private static volatile PrintWriter standardOut;

    /** Whether {@code out} is the process's standard output as {@link #newCommandLine} set it. */
    static boolean isStandardOut(PrintWriter out) {
        return out != null && out == standardOut;
    }

    /** Without a subcommand there is nothing to do: say so in one line, as for any usage error. */
    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        err.println("mpjtrace: missing command (run, decode, stats, clusters, replay, compare, export or demo); see mpjtrace --help");
        err.flush();
        return ExitCodes.BAD_INPUT;
    }

    /** Prints "mpjtrace 0.1.0 (abc1234)" for --version on every command: the release and the build's commit. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"mpjtrace " + MpjtraceVersion.VERSION};
        }
    }
}
