package org.mpjtrace.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.mpjtrace.cli.progress.QuietOption;
import org.mpjtrace.cli.progress.RankProgress;
import org.mpjtrace.proxy.ComputeMode;
import org.mpjtrace.proxy.ProxyWriter;
import org.mpjtrace.trace.TraceFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mpjtrace proxy}: a trace turned into a compilable MPJ program that communicates like the traced one ({@link ProxyWriter}). */
@Command(name = "proxy",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {"Writes a proxy application: an MPJ program that makes the traced run's calls, after Pilgrim's proxy apps.", "",
                "Every rank makes the MPJ calls it made in the trace, in order, with the same ops, peers (relative to the rank), "
                        + "tags, counts, datatypes, roots, reduction ops, communicators and requests, into buffers of the same "
                        + "size; a clustered trace's non-lead ranks make their leads' calls transposed to them, as in a replay. "
                        + "The trace's loops become for loops and its ranklists branches on rank classes, so the source is as "
                        + "long as the compressed trace, not the run: a loop run 200 or 2,000 times is the same code.",
                "DIR gets NAME.java, ProxyKit.java (the helper every proxy shares), with --compute exact NAME.gaps, and, where a "
                        + "rank's threads took turns on one communicator and the trace kept their times (a dump, timing=lossless), NAME.turns; "
                        + "with --compute exact, where a thread waited for another's end (a join), NAME.ends. "
                        + "Compile with javac -cp $MPJ_HOME/lib/mpj.jar DIR/*.java and run with "
                        + "mpjtrace run -np P -cp DIR NAME, P the traced run's rank count."})
final class ProxyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "trace file (any mode)")
    Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", required = true, description = "folder to write the proxy into (made when missing)")
    Path dir;

    @Option(names = "--class", paramLabel = "NAME", description = "the proxy's class name (default: the traced main class's simple name + Proxy)")
    String className;

    @Option(names = "--compute", paramLabel = "MODE", defaultValue = "mean",
            description = "computation between calls, as a busy wait: none; mean (default: each call's mean gap before it); "
                    + "exact (each gap as recorded: needs mode dump, or timing=lossless, or timing=lossy within its epsilon). "
                    + "Where the traced run had more ranks on a host than the proxy's host has cores, only the share of each "
                    + "computation the traced ranks can have had a core for is spun, the rest slept, as in a replay (rank 0 says so)")
    String compute;

    @Mixin
    QuietOption quiet;

    @Override
    public Integer call() throws Exception {
        return CommandBody.run(spec.commandLine().getErr(), () -> {
            ComputeMode mode = switch (compute) {
                case "none" -> ComputeMode.NONE;
                case "mean" -> ComputeMode.MEAN;
                case "exact" -> ComputeMode.EXACT;
                default -> throw new BadInputException("unknown --compute " + compute + " (none, mean or exact)");
            };
            if (Files.exists(dir) && !Files.isDirectory(dir)) throw new BadInputException(dir + ": is a file, not a folder to write the proxy into");
            TraceFile trace = TraceFiles.loadWhole(file, "proxy");
            String name = className != null ? className : ProxyWriter.defaultClassName(trace);
            ProxyWriter.Written w;
            try (RankProgress progress = RankProgress.of("proxy", trace, 2, quiet.quiet())) {
                w = ProxyWriter.write(progress.trace(trace), file.getFileName().toString(), dir, name, mode, null);
            } catch (ProxyWriter.ProxyException e) {
                throw new BadInputException(file + ": " + e.getMessage());
            }
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "proxy of %s: %s (%,d lines, %,d bytes) for %,d calls on %d ranks%n", file, w.files().get(0), w.sourceLines(),
                    w.sourceBytes(), w.calls(), trace.meta().worldSize());
            out.printf(Locale.ROOT, "compile: javac -cp $MPJ_HOME/lib/mpj.jar %s/*.java%n", dir);
            out.printf(Locale.ROOT, "run:     mpjtrace run -np %d -cp %s %s%n", trace.meta().worldSize(), dir, name);
            out.flush();
            return ExitCodes.OK;
        });
    }
}
