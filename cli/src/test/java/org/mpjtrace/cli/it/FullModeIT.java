package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mpjtrace.cli.format.ExpandedRank;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.GlobalCodec;

/**
 * Mode full on real jobs: the loop-compressed global trace is lossless (every rank's expansion equals
 * its dump of the same run, kept with keepDump), and its size is flat in ranks and in time.
 */
@ExtendWith(NiodevDaemon.class)
class FullModeIT {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} on 4 ranks")
    @EnumSource(Examples.class)
    void fourRanks(Examples ex) {
        expansionEqualsDump(ex, 4, "multicore", null);
    }

    /**
     * The process grids that 9 ranks make 3 x 3 (odd, not a power of two: ranklists with other strides
     * than 4 and 16 give); the other examples' structure on 9 ranks is what 4 and 16 already cover.
     */
    @ParameterizedTest(name = "{0} on 9 ranks")
    @EnumSource(value = Examples.class, names = {"STENCIL_2D", "SWEEP", "CG_TRANSPOSE"})
    void nineRanks(Examples ex) {
        expansionEqualsDump(ex, 9, "multicore", null);
    }

    @ParameterizedTest(name = "{0} on 16 ranks")
    @EnumSource(Examples.class)
    void sixteenRanks(Examples ex) {
        assumeTrue(ex.runsOn(16), "written for 4 ranks");
        expansionEqualsDump(ex, 16, "multicore", null);
    }

    /**
     * Across JVMs (each rank's sites numbered apart, merged by key at rank 0): an example of each kind of
     * call the site tables must agree on; the fold itself is the same code on either device.
     */
    @ParameterizedTest(name = "{0} on 4 ranks (niodev)")
    @EnumSource(value = Examples.class, names = {"STENCIL_2D", "MASTER_WORKER", "CG_TRANSPOSE", "API_TOUR"})
    void fourRanksNiodev(Examples ex) {
        expansionEqualsDump(ex, 4, "niodev", NiodevDaemon.machines());
    }

    /** On the example's shared run ({@link FullRuns}), whose dump the examples' tests also check against the program's own calls. */
    private static void expansionEqualsDump(Examples ex, int ranks, String device, Path machines) {
        MpjJobs.Run run = FullRuns.of(ex, ranks, device, machines);
        MpjJobs.assertSucceeded(run);
        TraceFile trace = run.result().trace();
        assertNotNull(trace.global(), "a full-mode trace has its global trace");
        assertEquals(ranks, trace.global().ranks().size());
        assertEquals(ranks, trace.ranks().size());
        for (RankTrace dump : trace.ranks()) {
            assertEquals("", dump.stats().disabledReason(), "rank " + dump.rank());
            RankTrace expanded = ExpandedRank.of(trace, dump);
            assertEquals(dump.eventCount(), expanded.eventCount(), ex.mainClass + " rank " + dump.rank() + ": number of calls");
            for (int i = 0; i < dump.eventCount(); i++) {
                long[] want = java.util.Arrays.copyOfRange(dump.words(), RankTrace.base(i), RankTrace.base(i + 1));
                want[Event.W_ENTER] = 0;
                want[Event.W_EXIT] = 0;
                long[] got = java.util.Arrays.copyOfRange(expanded.words(), RankTrace.base(i), RankTrace.base(i + 1));
                assertArrayEquals(want, got, ex.mainClass + " rank " + dump.rank() + " call " + i);
            }
        }
    }

    @Test
    void statsSaysWhatTheCompressedTraceHoldsAndCosts() {
        Path file = dir.resolve("stats.mpjt");
        MpjJobs.assertSucceeded(MpjJobs.run("Stencil2D", 9, "multicore", null, file, "full", "keepDump=true", List.of("steps=50")));
        StringWriter out = new StringWriter();
        picocli.CommandLine cli = org.mpjtrace.cli.Main.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        assertEquals(0, cli.execute("stats", file.toString()));
        String text = out.toString();
        assertTrue(text.contains("Compressed trace (mode full)") && text.contains("of 9 ranks") && text.contains("(kept in this file)")
                && text.matches("(?s).*compression ratio \\d+\\.\\d : 1.*") && text.contains("merge across ranks at Finalize"), text);
        // Where the bytes are: every kind of section of a full-mode file, the largest first.
        assertTrue(text.matches("(?s).*where the file's bytes are: [a-z' ]+ [0-9.]+ k?B(, [a-z' ]+ [0-9.]+ k?B)+\\n.*")
                && text.contains("global trace ") && text.contains("ranks' own sections ") && text.contains("call sites ") && text.contains("end mark 20 B"), text);

        // One rank's view of the structure: only its own values, so no per-rank alternatives.
        StringWriter decoded = new StringWriter();
        picocli.CommandLine decode = org.mpjtrace.cli.Main.newCommandLine();
        decode.setOut(new PrintWriter(decoded, true));
        assertEquals(0, decode.execute("decode", file.toString(), "--rank", "4"));
        String view = decoded.toString();
        assertTrue(view.contains("what rank 4 runs") && view.contains("Irecv") && view.contains("loop 4x") && !view.contains("{<"), view);
    }

    /** The global trace's bytes (as its own LZ4-compressed section) and the whole file's, of one run. */
    private record Sizes(long global, long file) {}

    /** The sizes of one run, each (program, ranks, arguments) run once for all tests. */
    private Sizes sizes(String example, int ranks, List<String> args) {
        return SIZES.computeIfAbsent(example + " " + ranks + " " + args, k -> {
            Path file = dir.resolve(example + ranks + "-" + Math.abs(k.hashCode()) + ".mpjt");
            MpjJobs.Run run = MpjJobs.run(example, ranks, "multicore", null, file, "full", null, args);
            MpjJobs.assertSucceeded(run);
            try {
                return new Sizes(GlobalCodec.encode(run.result().trace().global()).length, java.nio.file.Files.size(file));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    private long globalBytes(String example, int ranks, List<String> args) {
        return sizes(example, ranks, args).global();
    }

    private static final java.util.Map<String, Sizes> SIZES = new java.util.concurrent.ConcurrentHashMap<>();

    @Test
    void stencil2dIsFlatInRanksAndSmall() {
        long p16 = globalBytes("Stencil2D", 16, List.of("steps=200", "n=8"));
        long p64 = globalBytes("Stencil2D", 64, List.of("steps=200", "n=8"));
        System.out.println("FullModeIT Stencil2D 200 steps global trace bytes: np16 " + p16 + ", np64 " + p64);
        assertTrue(p64 <= 1.05 * p16, "np64 " + p64 + " bytes vs np16 " + p16);
        assertTrue(p64 < 20_000, "np64 " + p64 + " bytes");
        // The whole file: the ranks share one section, so each rank adds only what differs on it (its clock at
        // MPI.Init and its tracer set-up time, about 10 bytes); with a section a rank it was about 100.
        long f16 = sizes("Stencil2D", 16, List.of("steps=200", "n=8")).file(), f64 = sizes("Stencil2D", 64, List.of("steps=200", "n=8")).file();
        System.out.println("FullModeIT Stencil2D 200 steps whole file bytes: np16 " + f16 + ", np64 " + f64);
        assertTrue((f64 - f16) / 48.0 < 20, "bytes a rank: " + (f64 - f16) / 48.0 + " (np16 " + f16 + ", np64 " + f64 + ")");
    }

    @Test
    void stencil3dIsFlatInRanks() {
        long p27 = globalBytes("Stencil3D", 27, List.of("steps=20", "n=4"));
        long p64 = globalBytes("Stencil3D", 64, List.of("steps=20", "n=4"));
        System.out.println("FullModeIT Stencil3D global trace bytes: np27 " + p27 + ", np64 " + p64);
        assertTrue(p64 <= 1.05 * p27, "np64 " + p64 + " bytes vs np27 " + p27);
    }

    @Test
    void stencil2dIsFlatInTime() {
        long s200 = globalBytes("Stencil2D", 16, List.of("steps=200", "n=8"));
        long s2000 = globalBytes("Stencil2D", 16, List.of("steps=2000", "n=8"));
        System.out.println("FullModeIT Stencil2D np16 global trace bytes: 200 steps " + s200 + ", 2000 steps " + s2000);
        assertTrue(s2000 <= 1.05 * s200, "2000 steps " + s2000 + " bytes vs 200 steps " + s200);
    }
}
