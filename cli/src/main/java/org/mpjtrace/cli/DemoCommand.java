package org.mpjtrace.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.mpjtrace.cli.demo.DemoStory;
import org.mpjtrace.cli.job.Installation;
import org.mpjtrace.cli.job.JobLauncher;
import org.mpjtrace.cli.job.JobRequest;
import org.mpjtrace.cli.job.JobResult;
import org.mpjtrace.cli.report.HtmlReport;
import org.mpjtrace.trace.TracingMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code mpjtrace demo}: a first look without writing a program: traces the 2D stencil example on 16 ranks
 * in mode chameleon (clustering, marker auto), writes the HTML report beside the trace, and tells what
 * happened ({@link DemoStory}).
 */
@Command(name = "demo",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {"Traces an example program and shows the result.", "",
                "Runs org.mpjtrace.examples.Stencil2D (1,000 steps) on 16 ranks (multicore) in mode chameleon, writing demo.mpjt "
                        + "and its report demo.html in the current directory, runs it once more in mode dump to measure a full dump "
                        + "of the same calls, then tells what happened: the calls and the trace's size against the dump's, the loop "
                        + "and clusters the ranks found, the top call sites, and what to run next."})
final class DemoCommand implements Callable<Integer> {
    static final String MAIN = "org.mpjtrace.examples.Stencil2D";
    static final int RANKS = 16;
    static final List<String> ARGS = List.of("steps=1000");
    static final Path OUTPUT = Path.of("demo.mpjt");
    static final Path PAGE = Path.of("demo.html");

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        return CommandBody.run(err, () -> {
            Installation inst = Installation.fromEnvironment();
            JobRequest req = JobRequest.of(inst.examplesJar().toString(), MAIN, ARGS)
                    .withRanks(RANKS).withMode(TracingMode.CHAMELEON.key).withOutput(OUTPUT);
            JobResult result = new JobLauncher(inst, err).run(req);
            if (result.exitCode() != ExitCodes.OK) return result.exitCode();

            try {
                Files.writeString(PAGE, HtmlReport.of(result.trace(), OUTPUT.toString()));
            } catch (IOException e) {
                throw new BadInputException(PAGE + ": cannot write: " + e.getMessage());
            }
            long dump = dumpSize(inst, err);
            PrintWriter out = spec.commandLine().getOut();
            out.println();
            DemoStory.print(out, OUTPUT, result.trace(), PAGE, dump);
            out.flush();
            return ExitCodes.OK;
        });
    }

    /**
     * The size of a dump of the same run, to set the trace against: the same job in mode dump, its output
     * and messages kept out of the way, its file measured and deleted. -1 when that run fails.
     */
    private static long dumpSize(Installation inst, PrintWriter err) throws IOException {
        err.println("mpjtrace: running it once more in mode dump (every call of every rank), to measure the trace against ...");
        err.flush();
        Path dump = Files.createTempFile("mpjtrace-demo-dump", ".mpjt");
        try {
            JobRequest req = JobRequest.of(inst.examplesJar().toString(), MAIN, ARGS).withRanks(RANKS).withOutput(dump);
            OutputStream none = OutputStream.nullOutputStream();
            JobResult r = new JobLauncher(inst, new PrintWriter(none)).captureOutput(none, none).run(req);
            return r.exitCode() == ExitCodes.OK ? Files.size(dump) : -1;
        } finally {
            Files.deleteIfExists(dump);
        }
    }
}
