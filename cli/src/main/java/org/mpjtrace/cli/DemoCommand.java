package org.mpjtrace.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.mpjtrace.cli.format.EventListing;
import org.mpjtrace.cli.format.StatsReport;
import org.mpjtrace.cli.job.Installation;
import org.mpjtrace.cli.job.JobLauncher;
import org.mpjtrace.cli.job.JobRequest;
import org.mpjtrace.cli.job.JobResult;
import org.mpjtrace.trace.RankTrace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code mpjtrace demo}: a first look without writing a program, by tracing the 2D stencil example on
 * 16 ranks and showing what {@code stats} and {@code decode} make of it.
 */
@Command(name = "demo",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {"Traces an example program and shows the result.", "",
                "Runs org.mpjtrace.examples.Stencil2D on 16 ranks (multicore) under the tracer, writing demo.mpjt "
                        + "in the current directory, then prints its stats and the first 20 events of rank 0."})
final class DemoCommand implements Callable<Integer> {
    static final String MAIN = "org.mpjtrace.examples.Stencil2D";
    static final int RANKS = 16;
    static final int EVENTS_SHOWN = 20;
    static final Path OUTPUT = Path.of("demo.mpjt");

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        return CommandBody.run(err, () -> {
            Installation inst = Installation.fromEnvironment();
            JobRequest req = JobRequest.of(inst.examplesJar().toString(), MAIN, List.of())
                    .withRanks(RANKS).withOutput(OUTPUT);
            JobResult result = new JobLauncher(inst, err).run(req);
            if (result.exitCode() != ExitCodes.OK) return result.exitCode();

            PrintWriter out = spec.commandLine().getOut();
            out.println();
            StatsReport.print(out, OUTPUT.toString(), result.trace());
            RankTrace rank0 = result.trace().rank(0);
            if (rank0 != null) {
                out.println();
                out.println("First " + EVENTS_SHOWN + " events of rank 0 (all of them: mpjtrace decode " + OUTPUT + "):");
                EventListing.print(out, result.trace(), rank0, EVENTS_SHOWN);
            }
            out.flush();
            return ExitCodes.OK;
        });
    }
}
