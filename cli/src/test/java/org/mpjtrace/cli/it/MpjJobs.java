package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.mpjtrace.cli.job.Installation;
import org.mpjtrace.cli.job.JobLauncher;
import org.mpjtrace.cli.job.JobRequest;
import org.mpjtrace.cli.job.JobResult;

/** Runs real MPJ Express jobs of the examples, with or without the agent, capturing their output. */
final class MpjJobs {
    static final String PACKAGE = "org.mpjtrace.examples.";

    private MpjJobs() {}

    /** What one job did. */
    record Run(JobResult result, String out, String err, String messages) {
        /**
         * Lines the tracer itself printed in the ranks. MPJ's starter forwards a multicore job's stderr
         * to its stdout, so they are looked for in both.
         */
        List<String> tracerLines() {
            return (out + "\n" + err).lines().filter(l -> l.startsWith("mpjtrace:")).toList();
        }
    }

    static Path examplesJar() {
        return Installation.fromEnvironment().examplesJar();
    }

    static Run run(String example, int ranks, String device, Path machines, Path trace, String agentOptions, List<String> args) {
        return run(example, ranks, device, machines, trace, JobRequest.DUMP, agentOptions, args);
    }

    static Run run(String example, int ranks, String device, Path machines, Path trace, String mode, String agentOptions,
                   List<String> args) {
        return run(example, ranks, device, machines, trace, mode, agentOptions, args, new ByteArrayOutputStream());
    }

    /**
     * {@link #run} in multicore mode, calling {@code whenPrinted} once, on the output's pump thread, as
     * soon as the job prints {@code line} (a line of its own), e.g. to signal it from outside.
     */
    static Run runWatching(String example, int ranks, Path trace, String mode, String agentOptions, List<String> args, String line,
                           Runnable whenPrinted) {
        return runWatching(example, ranks, "multicore", trace, mode, agentOptions, args, line, whenPrinted);
    }

    /** {@link #runWatching} on {@code device} (niodev: a daemon on localhost for the job). */
    static Run runWatching(String example, int ranks, String device, Path trace, String mode, String agentOptions, List<String> args,
                           String line, Runnable whenPrinted) {
        ByteArrayOutputStream out = new ByteArrayOutputStream() {
            private boolean seen;

            @Override
            public synchronized void write(byte[] b, int off, int len) {
                super.write(b, off, len);
                if (!seen && toString(StandardCharsets.UTF_8).lines().anyMatch(line::equals)) {
                    seen = true;
                    whenPrinted.run();
                }
            }
        };
        return run(example, ranks, device, null, trace, mode, agentOptions, args, out);
    }

    private static Run run(String example, int ranks, String device, Path machines, Path trace, String mode, String agentOptions,
                           List<String> args, ByteArrayOutputStream out) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        StringWriter messages = new StringWriter();
        JobRequest req = JobRequest.of(examplesJar().toString(), example.contains(".") ? example : PACKAGE + example, args)
                .withRanks(ranks).withDevice(device).withMachines(machines)
                .withTrace(trace != null).withOutput(trace).withMode(mode).withAgentOptions(agentOptions);
        JobResult result = new JobLauncher(Installation.fromEnvironment(), new PrintWriter(messages, true))
                .captureOutput(out, err).timeout(Duration.ofMinutes(3)).run(req);
        return new Run(result, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), messages.toString());
    }

    static void assertSucceeded(Run run) {
        assertEquals(0, run.result().exitCode(), () -> "job failed\n--- messages\n" + run.messages() + "--- stdout\n" + run.out() + "--- stderr\n" + run.err());
    }
}
