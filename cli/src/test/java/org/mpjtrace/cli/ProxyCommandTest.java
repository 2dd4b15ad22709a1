package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjtrace.replay.CpuShare;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.fixtures.EventBuilder;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.TraceReader;

/**
 * mpjtrace proxy on the fuzz corpus's real traces of every mode, each proxy compiled by javac against
 * MPJ's mpj.jar alone, and on bad input. ProxyIT runs the proxies of real jobs and compares their calls.
 */
class ProxyCommandTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ring-dump", "ring-full-keepdump", "requestpatterns-dump", "twocallers-dump-ctx", "stencil2d-full-ctx",
            "threads-full-keepdump", "threads-full-lossless", "threads-full-lossy", "phasechange-chameleon", "shiftingloops-chameleon-auto",
            "stencil2d-acurdion-ctx", "twocallers-acurdion-ctx", "masterworker-reference"})
    void theProxyOfATraceOfEveryModeCompilesAgainstMpjAlone(String name) throws IOException {
        Path out = dir.resolve(name);
        Cli c = Cli.run("proxy", CorpusFiles.path(name).toString(), "-o", out.toString(), "--class", "P");
        assertEquals(0, c.code, c.toString());
        assertEquals(List.of("P.java", "ProxyKit.java"), files(out));
        assertTrue(c.out.startsWith("proxy of " + CorpusFiles.path(name) + ": " + out.resolve("P.java")), c.out);
        assertEquals("", compile(out));
    }

    @Test
    void exactComputeKeepsTheGapBeforeEveryCallButInit() throws Exception {
        Path trace = CorpusFiles.path("threads-full-lossless");
        Path out = dir.resolve("exact");
        Cli c = Cli.run("proxy", trace.toString(), "-o", out.toString(), "--class", "P", "--compute", "exact");
        assertEquals(0, c.code, c.toString());
        // Threads' main thread joins its helper: the proxy keeps that wait (P.ends) beside the gaps.
        assertEquals(List.of("P.ends", "P.gaps", "P.java", "ProxyKit.java"), files(out));
        assertTrue(Files.readString(out.resolve("P.java")).contains("\"P.gaps\", null, \"P.ends\")"));
        assertEquals("", compile(out));
        TraceFile t = TraceReader.read(trace);
        long calls = Long.parseLong(c.out.replaceAll("(?s).* for ([0-9,]+) calls on .*", "$1").replace(",", ""));
        assertEquals(calls - t.meta().worldSize(), gapsIn(out.resolve("P.gaps"), t.meta().worldSize()),
                "one gap per call of every rank but its Init");
        assertTrue(Files.readString(out.resolve("P.java")).contains("c.compute();"));
    }

    @Test
    void theDefaultClassIsTheMainClassWithProxyAndComputeMeanBusyWaitsTheMeans() throws IOException {
        Path out = dir.resolve("default");
        Cli c = Cli.run("proxy", CorpusFiles.path("stencil2d-full-ctx").toString(), "-o", out.toString());
        assertEquals(0, c.code, c.toString());
        String source = Files.readString(out.resolve("Stencil2DProxy.java"));
        assertTrue(source.contains("public final class Stencil2DProxy extends ProxyKit {"), source);
        assertTrue(source.matches("(?s).*\\n +compute\\(\\d+\\);\\n.*"), source);
        assertTrue(source.contains("// Stencil2D.main:"), source);
        assertTrue(c.out.contains("run:     mpjtrace run -np 4 -cp " + out + " Stencil2DProxy"), c.out);
    }

    /** The figures the proxy works out its share of each computation spun from where it runs (ProxyIT runs one). */
    @Test
    void aProxyThatComputesCarriesRankZerosTracedRanksOnItsHostSpanAndComputationAndOneThatDoesNotNone() throws Exception {
        Path trace = CorpusFiles.path("stencil2d-full-ctx");
        CpuShare.Bound b = CpuShare.bound(TraceReader.read(trace), 0);
        assertTrue(b.ranksOnHost() == 4 && b.span() > 0 && b.span() >= b.computation() && b.computation() >= 0, b.toString());
        for (String compute : new String[] {"mean", "none"}) {
            Path out = dir.resolve(compute);
            assertEquals(0, Cli.run("proxy", trace.toString(), "-o", out.toString(), "--class", "P", "--compute", compute).code);
            String source = Files.readString(out.resolve("P.java"));
            assertEquals(compute.equals("mean"), source.contains("        tracedCores(4, " + b.span() + "L, " + b.computation() + "L);"), source);
            assertEquals(compute.equals("mean"), source.contains("tracedCores("), source);
            assertEquals("", compile(out));
        }
    }

    @Test
    void exactComputeOnATraceOfHistogramsIsRefusedAndWritesNothing() {
        Path out = dir.resolve("none");
        Cli c = Cli.run("proxy", CorpusFiles.path("stencil2d-full-ctx").toString(), "-o", out.toString(), "--compute", "exact");
        assertEquals(2, c.code, c.toString());
        assertEquals(1, c.err.lines().count(), c.err);
        assertTrue(c.err.contains("--compute exact needs each call's time: a trace of mode dump, or of mode full with timing=lossless"), c.err);
        assertFalse(Files.exists(out));
    }

    @Test
    void aTraceHoldingAbortIsRefusedNamingTheCallAndItsSiteAndTheFolderKeepsWhatItHeld() throws IOException {
        TraceFile t = new TraceFile(TestTraces.meta(1), TestTraces.SITES, List.of(TestTraces.rank(0, 1, RankStats.EMPTY,
                TestTraces.ev(Op.INIT, 0).comm(0).at(-5_000, -1_000),
                TestTraces.ev(Op.ISEND, 1).peer(0).tag(7).count(100).type(TestTraces.DOUBLE).comm(0).req(0).at(2_000, 3_500),
                TestTraces.ev(Op.ABORT, 3).comm(0).at(4_000, 5_000))));
        Path file = TestTraces.write(dir.resolve("abort.mpjt"), t);
        Path out = Files.createDirectories(dir.resolve("kept"));
        Files.writeString(out.resolve("SolverProxy.java"), "// the user's own");
        Cli c = Cli.run("proxy", file.toString(), "-o", out.toString());
        assertEquals(2, c.code, c.toString());
        assertEquals("mpjtrace: " + file + ": Abort at Solver.step:50 cannot be written as proxy code: it would end the proxy", c.err.trim());
        assertEquals(List.of("SolverProxy.java"), files(out));
        assertEquals("// the user's own", Files.readString(out.resolve("SolverProxy.java")));
    }

    /** A method's code is at most 64 KB: 300 calls that fold into no loop go to methods of 120 calls each. */
    @Test
    void callsThatFoldIntoNoLoopAreSpreadOverMethodsJavacTakes() throws IOException {
        List<CallSite> sites = new ArrayList<>();
        List<EventBuilder> events = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            sites.add(new CallSite(i, "org.example.Long", "main", 10 + i, 0, "mpi.Intracomm.Barrier", 100L + i));
            events.add(TestTraces.ev(Op.BARRIER, i).stack(100L + i).comm(0).at(1_000L * i, 1_000L * i + 10));
        }
        TraceFile t = new TraceFile(TestTraces.meta(1), sites,
                List.of(TestTraces.rank(0, 1, RankStats.EMPTY, events.toArray(EventBuilder[]::new))));
        Path out = dir.resolve("long");
        Cli c = Cli.run("proxy", TestTraces.write(dir.resolve("long.mpjt"), t).toString(), "-o", out.toString(), "--class", "P");
        assertEquals(0, c.code, c.toString());
        String source = Files.readString(out.resolve("P.java"));
        for (String part : new String[] {"main1Part1(c);", "main1Part2(c);", "main1Part3(c);"}) assertTrue(source.contains(part), source);
        assertEquals(300, source.lines().filter(l -> l.contains("MPI.COMM_WORLD.Barrier();")).count());
        assertEquals("", compile(out));
    }

    /** Names from the trace go into comments only as printable ASCII: no line break, unicode escape or end of comment gets code in. */
    @Test
    void aHostileTracesNamesCannotPutCodeInTheProxy() throws IOException {
        String evil = "org.example.E\nSystem.exit(3); /* \\u000a System.exit(4); */ é";
        List<CallSite> sites = List.of(new CallSite(0, evil, "main\u2028x", 7, 0, "mpi.Intracomm.Barrier", 100L));
        TraceFile t = new TraceFile(TestTraces.meta(1), sites, List.of(TestTraces.rank(0, 1, RankStats.EMPTY,
                TestTraces.ev(Op.BARRIER, 0).stack(100L).comm(0).at(1_000, 2_000))));
        Path out = dir.resolve("evil");
        Cli c = Cli.run("proxy", TestTraces.write(dir.resolve("evil.mpjt"), t).toString(), "-o", out.toString(), "--class", "P");
        assertEquals(0, c.code, c.toString());
        String source = Files.readString(out.resolve("P.java"));
        assertTrue(source.lines().noneMatch(l -> l.strip().startsWith("System.exit(3)") || l.strip().startsWith("System.exit(4)")), source);
        assertTrue(source.chars().allMatch(ch -> ch == '\n' || ch >= 0x20 && ch < 0x7f), source);
        assertFalse(source.contains("\\u"), source);
        // Class.method:line, the class's simple name being what follows its last dot.
        assertTrue(source.contains("        // exit(4); *? ?.main?x:7\n"), source);
        assertEquals("", compile(out));
    }

    @Test
    void badArgumentsGetOneLineEach() throws IOException {
        String trace = CorpusFiles.path("ring-dump").toString();
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        String[][] bad = {
                {"proxy", trace, "-o", dir.resolve("x").toString(), "--compute", "fast"},
                {"proxy", trace, "-o", dir.resolve("x").toString(), "--class", "3D"},
                {"proxy", trace, "-o", dir.resolve("x").toString(), "--class", "ProxyKit"},
                {"proxy", trace, "-o", file.toString()},
                {"proxy", dir.resolve("missing.mpjt").toString(), "-o", dir.resolve("x").toString()}};
        String[] expected = {"unknown --compute fast (none, mean or exact)", "--class 3D is not a Java class name",
                "--class ProxyKit is the name of the proxy's helper class", "is a file, not a folder to write the proxy into", "missing.mpjt"};
        for (int i = 0; i < bad.length; i++) {
            Cli c = Cli.run(bad[i]);
            assertEquals(2, c.code, c.toString());
            assertEquals(1, c.err.lines().count(), c.err);
            assertTrue(c.err.contains(expected[i]), c.err);
        }
        assertFalse(Files.exists(dir.resolve("x")));
    }

    private static List<String> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** javac's messages compiling every source of {@code dir} with MPJ's mpj.jar alone on the class path; empty when it compiled. */
    static String compile(Path dir) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of("-cp", mpjJar(), "-d", dir.resolve("classes").toString(), "-proc:none"));
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
        }
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        int code = javac.run(null, messages, messages, args.toArray(String[]::new));
        return code == 0 ? "" : messages.toString(StandardCharsets.UTF_8);
    }

    /** The mpj.jar MPJ's classes are read from here. */
    static String mpjJar() {
        try {
            return Path.of(mpi.MPI.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** How many gaps the gaps file holds over its {@code ranks} ranks (its format: ProxyWriter.gaps). */
    private static long gapsIn(Path file, int ranks) throws IOException {
        long gaps = 0;
        try (InputStream raw = Files.newInputStream(file); DataInputStream in = new DataInputStream(raw)) {
            for (int r = 0; r < ranks; r++) {
                long threads = varlong(in);
                for (long t = 0; t < threads; t++) {
                    long n = varlong(in);
                    gaps += n;
                    for (long i = 0; i < n; i++) varlong(in);
                }
            }
            assertEquals(-1, in.read(), "nothing after the last rank");
        }
        return gaps;
    }

    private static long varlong(DataInputStream in) throws IOException {
        long v = 0;
        for (int shift = 0; ; shift += 7) {
            int b = in.readUnsignedByte();
            v |= (long) (b & 0x7f) << shift;
            if (b < 0x80) return v;
        }
    }
}
