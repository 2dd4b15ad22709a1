package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjtrace.cli.Cli;
import org.mpjtrace.cli.compare.Comparison;
import org.mpjtrace.cli.job.Installation;
import org.mpjtrace.cli.job.JobLauncher;
import org.mpjtrace.cli.job.JobRequest;
import org.mpjtrace.cli.job.JobResult;
import org.mpjtrace.replay.CpuShare;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.TraceFormatException;
import org.mpjtrace.trace.io.TraceReader;

/**
 * Proxies of real jobs: a trace becomes a proxy (mpjtrace proxy), javac compiles it against MPJ's
 * mpj.jar alone, and the proxy, traced in mode full, makes every rank's calls as the traced program did:
 * as many calls, and 100% COUNT, SRC, DEST and TAG as compare pairs them (--proxy: a wildcard receive
 * as the rank whose message it took, which the proxy names).
 */
class ProxyIT {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} on 4 ranks")
    @EnumSource(Examples.class)
    void theProxyOfEachExampleMakesItsCalls(Examples ex) throws IOException {
        MpjJobs.Run run = FullRuns.of(ex, 4, JobRequest.MULTICORE, null);
        MpjJobs.assertSucceeded(run);
        assertProxyMakesTheCallsOf(run.result(), "none");
    }

    /**
     * The examples Examples does not list, on small arguments. EarlyExit's job ends by System.exit before
     * MPI.Finalize: its proxy makes the same calls and ends the same way (the job fails as the traced one did).
     * AnyOrder's Waitany and Testsome loops complete their requests in whatever order they arrive: the proxy runs
     * to the end (before, one whose order differed waited forever in MPJ on an array whose requests it had all
     * finished). PolledHoles takes request arrays with holes by Testall, Testany and Waitsome in turn: the proxy's
     * Waitsome at times finds nothing left to complete, on which MPJ waits forever; it skipped the call, and
     * compare, pairing calls in order, found 73-87% of COUNT, SRC and TAG (three runs of the third sweep's
     * program); it makes a Testsome there now, and every call keeps its place.
     */
    @ParameterizedTest(name = "{0} on {1} ranks, mode {2}")
    @CsvSource({"PingPong, 2, full, reps=20 rounds=2 max=4096", "RequestPatterns, 4, full, steps=2",
            "ShiftingLoops, 4, full, first=8 second=8 early=4", "ThreePhases, 4, full, setup=2 steps=4 finish=2 compute=0",
            "CallForms, 2, full, retries=1", "PausedSteps, 4, full, steps=6 from=2 to=4", "TwoSessions, 4, full, first=2 second=3",
            "FinalizeTwice, 4, full, steps=2", "EarlyExit, 4, full, steps=2 end=exit", "requests.AnyOrder, 4, full, steps=4",
            "requests.PolledHoles, 4, dump, steps=6"})
    void theProxyOfEveryOtherExampleMakesItsCalls(String example, int ranks, String mode, String args) throws IOException {
        Path trace = dir.resolve(example + "-" + mode + ".mpjt");
        MpjJobs.Run run = MpjJobs.run(MpjJobs.PACKAGE + example, ranks, JobRequest.MULTICORE, null, trace, mode, null, List.of(args.split(" ")));
        boolean exits = example.equals("EarlyExit");
        if (!exits) MpjJobs.assertSucceeded(run);
        // EarlyExit ends by System.exit in one rank: each other rank's last Barrier may have returned without its
        // record made when the exit writes the trace (a call in flight, as ExitPathsIT allows), in either run.
        assertProxyMakesTheCallsOf(withTrace(run.result()), "none", exits ? ranks - 1 : 0);
    }

    @Test
    void theProxyOfAThreadedRankRunsEachThreadsCallsOnAThreadOfItsOwn() throws IOException {
        Path trace = dir.resolve("Threads.mpjt");
        MpjJobs.Run run = MpjJobs.run("Threads", 3, JobRequest.MULTICORE, null, trace, "full", null, List.of());
        MpjJobs.assertSucceeded(run);
        Path proxy = assertProxyMakesTheCallsOf(run.result(), "mean").src();
        assertTrue(Files.readString(proxy.resolve("ThreadsProxy.java")).contains("Thread t1 = begin(1, ThreadsProxy::thread1);"));
    }

    /**
     * threads.TakingTurns: a rank's threads take turns on one communicator, in an order the program set with a
     * latch and joins. Run free, the proxy's threads met in it out of turn and it failed ("count <1> is less
     * than length <2>"); from a dump it takes the turns as each rank took them (TakingTurnsProxy.turns). With
     * {@code --compute exact} it also keeps the main thread's joins of each step's thread (TakingTurnsProxy.ends):
     * it waits for the step thread's end and computes only what followed it, rather than spin through the join.
     */
    @ParameterizedTest(name = "--compute {0}")
    @ValueSource(strings = {"mean", "exact"})
    void theProxyOfThreadsTakingTurnsOnOneCommunicatorTakesThemAsEachRankDid(String compute) throws IOException {
        Path trace = dir.resolve("TakingTurns-dump-" + compute + ".mpjt");
        MpjJobs.Run run = MpjJobs.run(MpjJobs.PACKAGE + "threads.TakingTurns", 4, JobRequest.MULTICORE, null, trace, "dump", null, List.of("steps=3"));
        MpjJobs.assertSucceeded(run);
        Path proxy = assertProxyMakesTheCallsOf(run.result(), compute).src();
        assertTrue(Files.size(proxy.resolve("TakingTurnsProxy.turns")) > 0);
        boolean exact = compute.equals("exact");
        assertEquals(exact, Files.exists(proxy.resolve("TakingTurnsProxy.ends")), "the joins kept with the gaps only");
        String source = Files.readString(proxy.resolve("TakingTurnsProxy.java"));
        assertTrue(source.contains("\"TakingTurnsProxy.turns\", " + (exact ? "\"TakingTurnsProxy.ends\"" : "null") + ")"), source);
    }

    /** The non-lead ranks of a clustered trace make their leads' calls transposed to them, as in a replay. */
    @Test
    void theProxyOfAClusteredTraceGivesEveryRankItsCalls() throws IOException {
        Path trace = dir.resolve("Stencil2D-chameleon.mpjt");
        MpjJobs.Run run = MpjJobs.run("Stencil2D", 8, JobRequest.MULTICORE, null, trace, "chameleon", "marker=site:Stencil2D.main,callFrequency=2",
                List.of("steps=40", "n=8"));
        MpjJobs.assertSucceeded(run);
        assertTrue(run.result().trace().markers() != null, "a clustered trace, with its clustering history");
        assertProxyMakesTheCallsOf(run.result(), "mean");
    }

    @Test
    void exactComputeFromALosslessTraceReplaysEachGap() throws IOException {
        Path trace = dir.resolve("Ring-lossless.mpjt");
        MpjJobs.Run run = MpjJobs.run("Ring", 4, JobRequest.MULTICORE, null, trace, "full", "timing=lossless", List.of("steps=5"));
        MpjJobs.assertSucceeded(run);
        Path proxy = assertProxyMakesTheCallsOf(run.result(), "exact").src();
        assertTrue(Files.size(proxy.resolve("RingProxy.gaps")) > 0);
    }

    /**
     * LeavingPair on 16 ranks, each step a 2 ms sleep: its ranks waited through most of what the trace records
     * as computation, and 16 ranks on a host of fewer cores cannot have computed it all. The proxy spins the
     * share of each computation the traced run can have had a core for ({@code CpuShare}, with this machine's
     * cores) and says so on rank 0; with a core a rank, or little computation, it spins all and says nothing.
     */
    @Test
    void withMoreRanksThanCoresTheProxySpinsOnlyTheShareOfEachComputationTheTracedRunCanHaveHadACoreFor() throws IOException {
        Path trace = dir.resolve("LeavingPair-lossless.mpjt");
        MpjJobs.Run run = MpjJobs.run(MpjJobs.PACKAGE + "clusters.LeavingPair", 16, JobRequest.MULTICORE, null, trace, "full", "timing=lossless",
                List.of("steps=30", "early=10", "compute=2000"));
        MpjJobs.assertSucceeded(run);
        Proxied proxy = assertProxyMakesTheCallsOf(run.result(), "exact");
        CpuShare.Bound bound = CpuShare.bound(run.result().trace(), 0);
        assertEquals(16, bound.ranksOnHost());
        String source = Files.readString(proxy.src().resolve("LeavingPairProxy.java"));
        assertTrue(source.contains("tracedCores(16, " + bound.span() + "L, " + bound.computation() + "L);"), source);
        int cores = Runtime.getRuntime().availableProcessors();
        double share = bound.share(cores);
        String said = String.format("LeavingPairProxy: 16 ranks shared rank 0's host in the traced run, and this host has %d cores: at most %.0f%%"
                + " of each computation is spun, the rest slept", cores, 100 * share);
        if (share < 1) assertTrue(proxy.output().contains(said), said + "\n" + proxy.output());
        else assertFalse(proxy.output().contains("of each computation is spun"), proxy.output());
    }

    /** A dump's records, each gap as recorded; the proxy, started on another number of ranks, says it runs on the trace's only. */
    @Test
    void aDumpsProxyMakesItsCallsAndRefusesAnotherRankCount() throws IOException {
        Path trace = dir.resolve("Sweep-dump.mpjt");
        MpjJobs.Run run = MpjJobs.run("Sweep", 4, JobRequest.MULTICORE, null, trace, "dump", null, List.of("sweeps=2", "n=8"));
        MpjJobs.assertSucceeded(run);
        Path proxy = assertProxyMakesTheCallsOf(run.result(), "exact").src();
        JobOutput other = runProxy(proxy.resolve("classes"), "SweepProxy", 2, dir.resolve("Sweep-on-2.mpjt"));
        assertTrue(other.text().contains("SweepProxy: the trace was recorded on 4 ranks; this proxy runs on 4 only, not 2"), other.text());
    }

    /** The source follows the compressed trace: ten times the time steps is the same code, only the counts differ. */
    @Test
    void twoThousandStepsAreTheSameNumberOfLinesAsTwoHundred() throws IOException {
        List<String> shorter = proxyLines("Stencil2D", List.of("steps=200", "n=8"));
        List<String> longer = proxyLines("Stencil2D", List.of("steps=2000", "n=8"));
        assertEquals(shorter.size(), longer.size());
        int differing = 0;
        for (int i = 0; i < shorter.size(); i++) if (!shorter.get(i).equals(longer.get(i))) differing++;
        assertTrue(differing <= 10, differing + " lines differ:\n" + String.join("\n", longer));
        assertTrue(String.join("\n", longer).contains("for (int i = 0; i < 200; i++) {"), String.join("\n", longer));
    }

    private List<String> proxyLines(String example, List<String> args) throws IOException {
        String name = example + "-" + args.get(0);
        Path trace = dir.resolve(name + ".mpjt");
        MpjJobs.assertSucceeded(MpjJobs.run(example, 4, JobRequest.MULTICORE, null, trace, "full", null, args));
        Path out = dir.resolve(name);
        assertEquals(0, Cli.run("proxy", trace.toString(), "-o", out.toString(), "--compute", "none", "--quiet").code);
        // The first lines name the trace file, which differs.
        return Files.readAllLines(out.resolve(example + "Proxy.java")).stream().filter(l -> !l.contains(".mpjt")).toList();
    }

    /** {@code r} with its trace read back: a job that failed (ended before MPI.Finalize) still wrote one. */
    private static JobResult withTrace(JobResult r) throws IOException {
        if (r.trace() != null) return r;
        try {
            return new JobResult(r.exitCode(), r.starterExit(), r.traceFile(), TraceReader.read(r.traceFile()));
        } catch (TraceFormatException e) {
            throw new AssertionError(r.traceFile() + ": " + e.getMessage(), e);
        }
    }

    /** A proxy job's result, and what it and the launcher printed. */
    private record JobOutput(JobResult result, String text) {}

    /** Runs the compiled proxy on {@code ranks} ranks, traced in mode full into {@code trace}. */
    private static JobOutput runProxy(Path classes, String className, int ranks, Path trace) {
        StringWriter log = new StringWriter();
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        JobRequest req = JobRequest.of(classes.toString(), className, List.of()).withRanks(ranks)
                .withDevice(JobRequest.MULTICORE).withTrace(true).withOutput(trace).withMode("full");
        JobResult r = new JobLauncher(Installation.fromEnvironment(), new PrintWriter(log, true)).captureOutput(out, err)
                .timeout(Duration.ofMinutes(2)).run(req);
        return new JobOutput(r, log + out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8));
    }

    /** A proxy's folder, and what its job printed. */
    private record Proxied(Path src, String output) {}

    /** Writes, compiles and runs the proxy of {@code original} traced in mode full, and compares. */
    private Proxied assertProxyMakesTheCallsOf(JobResult original, String compute) throws IOException {
        return assertProxyMakesTheCallsOf(original, compute, 0);
    }

    /** {@link #assertProxyMakesTheCallsOf(JobResult, String)}, allowing either trace {@code inFlight} calls fewer. */
    private Proxied assertProxyMakesTheCallsOf(JobResult original, String compute, int inFlight) throws IOException {
        Path traceFile = original.traceFile();
        String base = traceFile.getFileName().toString().replace(".mpjt", "");
        Path src = dir.resolve(base + "-proxy");
        Cli made = Cli.run("proxy", traceFile.toString(), "-o", src.toString(), "--compute", compute, "--quiet");
        assertEquals(0, made.code, made.toString());
        String main = original.trace().meta().mainClass();
        String className = main.substring(main.lastIndexOf('.') + 1) + "Proxy";
        Path classes = Files.createDirectories(src.resolve("classes"));
        List<String> javac = new ArrayList<>(List.of("-cp", Installation.fromEnvironment().mpjHome().resolve("lib/mpj.jar").toString(), "-d", classes.toString()));
        try (Stream<Path> s = Files.list(src)) {
            s.filter(p -> p.toString().endsWith(".java")).forEach(p -> javac.add(p.toString()));
        }
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, messages, messages, javac.toArray(String[]::new)),
                () -> messages.toString(StandardCharsets.UTF_8));
        for (String kept : List.of(".gaps", ".turns", ".ends"))
            if (Files.exists(src.resolve(className + kept))) Files.copy(src.resolve(className + kept), classes.resolve(className + kept));

        JobOutput proxied = runProxy(classes, className, original.trace().meta().worldSize(), dir.resolve(base + "-proxy.mpjt"));
        assertEquals(original.exitCode(), proxied.result().exitCode(), () -> "the proxy job ended otherwise than the traced one\n" + proxied.text());

        TraceFile a = original.trace(), b = withTrace(proxied.result()).trace();
        Comparison c = Comparison.of(a, b, true);
        StringWriter table = new StringWriter();
        c.print(new PrintWriter(table, true));
        long calls = Math.max(a.global() != null ? a.global().calls() : a.ranks().stream().mapToLong(r -> r.eventCount()).sum(), 1);
        assertTrue(c.events() >= 100.0 * (calls - inFlight) / calls, table::toString);
        for (double p : new double[] {c.count(), c.src(), c.dest(), c.tag()}) assertTrue(Double.isNaN(p) || p == 100.0, table::toString);
        return new Proxied(src, proxied.text());
    }
}
