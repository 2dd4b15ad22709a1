package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.format.ExpandedRank;
import org.mpjtrace.signatures.cluster.Signature;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.TraceMemory;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.cluster.MarkerState;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * Modes acurdion and reference on real jobs: ACURDION keeps at most K clusters where every rank differs
 * a little (CGTranspose) while reference clustering needs one per rank, it still loses no call, it runs
 * the Chameleon states at markers, and reference clusters are exact.
 */
class AcurdionModeIT {

    @TempDir
    Path dir;

    private MpjJobs.Run run(String example, int ranks, String mode, String options, List<String> args) {
        MpjJobs.Run run = MpjJobs.run(example, ranks, "multicore", null, dir.resolve(example + "." + ranks + "." + mode + ".mpjt"), mode,
                options, args);
        MpjJobs.assertSucceeded(run);
        assertEquals(List.of(), run.tracerLines(), "the tracer reported no problem");
        return run;
    }

    private static Clustering finalClustering(TraceFile trace) {
        MarkerLog log = trace.markers();
        assertTrue(log.finished());
        return log.clusteringOf(log.records().get(log.records().size() - 1));
    }

    @Test
    void cgTransposeKeepsAtMostKClustersWhileReferenceClusteringGrowsWithTheRanks() {
        List<Integer> referenceClusters = new ArrayList<>();
        for (int ranks : new int[] {16, 36}) { // square rank counts: CGTranspose runs on an s x s grid
            List<String> args = List.of("steps=20", "n=16");
            MpjJobs.Run acurdionRun = run("CGTranspose", ranks, "acurdion", "marker=none", args);
            TraceFile acurdion = acurdionRun.result().trace();
            TraceFile reference = run("CGTranspose", ranks, "reference", "marker=none", args).result().trace();
            TraceFile full = run("CGTranspose", ranks, "full", "", args).result().trace();

            Clustering a = finalClustering(acurdion);
            assertTrue(a.clusters().size() <= 9, ranks + " ranks: " + a.clusters().size() + " acurdion clusters");
            assertEquals(RankSet.range(0, ranks, 1), a.ranks(), "every rank in a cluster");
            // Diagonal ranks skip the exchange (another Call-Path); every rank has its own Split colour and key.
            for (Signature s : List.of(Signature.CALL_PATH, Signature.KEY, Signature.COLOR, Signature.DEST))
                assertTrue(s.in(a.format()), ranks + " ranks: " + s.label + " selected");
            assertTrue(!Signature.TYPE.in(a.format()), "every rank uses the same datatypes, ops and communicator kinds");
            Set<Long> callPaths = a.clusters().stream().map(Cluster::callPath).collect(Collectors.toSet());
            assertEquals(2, callPaths.size(), "double-step keeps a lead for the diagonal and one for the rest");

            // clusters shows the format as ACURDION's Table I, then "N clusters" and each cluster.
            String shown = cli("clusters", acurdionRun.result().traceFile().toString());
            assertTrue(shown.contains(a.clusters().size() + " clusters (on " + Integer.bitCount(a.format()) + " of 11 signatures"), shown);
            assertTrue(shown.matches("(?s).*format +Call-Path +COUNT +SRC +DEST +KEY +COLOR +TAG +COMP +COMM +LOOP +TYPE\\n +selected +X .*"), shown);
            String stats = cli("stats", acurdionRun.result().traceFile().toString());
            assertTrue(stats.contains("Clustering (mode acurdion)") && stats.contains("trace memory per rank"), stats);

            Clustering r = finalClustering(reference);
            assertEquals(0, r.format(), "reference compares whole sequences");
            assertEquals(ranks, r.clusters().size(), ranks + " ranks: every rank's sequence is its own (partner, colour, key)");
            referenceClusters.add(r.clusters().size());

            Set<String> fullCalls = new HashSet<>(), acurdionCalls = new HashSet<>();
            GlobalCalls.distinct(full, fullCalls);
            GlobalCalls.distinct(acurdion, acurdionCalls);
            assertTrue(acurdionCalls.containsAll(fullCalls), ranks + " ranks: every (op, call site) of the full trace: missing "
                    + fullCalls.stream().filter(k -> !acurdionCalls.contains(k)).toList());
        }
        assertTrue(referenceClusters.get(1) > referenceClusters.get(0), "reference clusters grow: " + referenceClusters);
    }

    @Test
    void atMarkersAcurdionGoesThroughTheChameleonStatesAndFindsTheBoundaryClasses() {
        TraceFile trace = run("Stencil2D", 16, "acurdion", "marker=site:Stencil2D.main,callFrequency=10", List.of("steps=1000", "n=16"))
                .result().trace();
        MarkerLog log = trace.markers();
        List<MarkerState> want = new ArrayList<>(List.of(MarkerState.AT, MarkerState.C));
        for (int i = 3; i <= 10; i++) want.add(MarkerState.L);
        want.add(MarkerState.F);
        assertEquals(want, log.records().stream().map(MarkerRecord::state).toList());
        Clustering c = log.clusteringOf(log.records().get(1));
        Set<RankSet> classes = Set.of(RankSet.of(0), RankSet.of(3), RankSet.of(12), RankSet.of(15), RankSet.of(1, 2),
                RankSet.of(13, 14), RankSet.of(4, 8), RankSet.of(7, 11), RankSet.of(5, 6, 9, 10));
        assertEquals(classes, c.clusters().stream().map(Cluster::members).collect(Collectors.toSet()),
                "with K 9 the nine end-point patterns of the 4x4 grid each keep a lead, timing noise aside");
        assertTrue(Signature.SRC.in(c.format()) && Signature.COMP.in(c.format()), "format " + c.format());
        assertTrue(c.clusters().stream().allMatch(k -> k.signature() != null), "each cluster keeps its lead's signatures");
        Set<Integer> leads = new HashSet<>();
        for (int l : c.leads()) leads.add(l);
        for (RankTrace r : trace.ranks()) {
            TraceMemory m = r.stats().memory();
            if (!leads.contains(r.rank())) assertEquals(0, m.maxBytes()[MarkerState.L.code], "non-lead " + r.rank() + " holds no trace in L");
        }
    }

    @Test
    void theOtherDistanceStepAndSelectorAlsoKeepAtMostK() {
        TraceFile trace = run("CGTranspose", 16, "acurdion", "marker=none,distance=euclidean,step=single,selector=medoids",
                List.of("steps=20", "n=16")).result().trace();
        Clustering c = finalClustering(trace);
        assertTrue(c.clusters().size() <= 9, c.clusters().size() + " clusters");
        assertEquals(RankSet.range(0, 16, 1), c.ranks());
        assertEquals("euclidean", trace.meta().agentOptions().get("distance"));
    }

    @Test
    void referenceClustersAreExactSoEveryRankExpandsToItsOwnCalls() {
        List<String> args = List.of("steps=200", "n=16");
        TraceFile full = run("Stencil2D", 16, "full", "", args).result().trace();
        TraceFile reference = run("Stencil2D", 16, "reference", "marker=site:Stencil2D.main,callFrequency=5", args).result().trace();
        assertTrue(reference.markers().records().stream().anyMatch(r -> r.state() == MarkerState.L), "leads alone traced for a while");
        assertEquals(9, reference.markers().clusterings().get(0).clusters().size(), "one cluster per boundary class of the 4x4 grid");
        for (RankTrace section : reference.ranks()) {
            RankTrace x = ExpandedRank.of(full, full.rank(section.rank())), y = ExpandedRank.of(reference, section);
            assertEquals(x.eventCount(), y.eventCount(), "rank " + section.rank() + ": number of calls");
            for (int i = 0; i < x.eventCount(); i++)
                assertArrayEquals(comparable(full, x, i), comparable(reference, y, i), "rank " + section.rank() + " call " + i);
        }
    }

    private static String cli(String... args) {
        java.io.StringWriter out = new java.io.StringWriter();
        picocli.CommandLine cli = org.mpjtrace.cli.Main.newCommandLine();
        cli.setOut(new java.io.PrintWriter(out, true));
        assertEquals(0, cli.execute(args), String.join(" ", args));
        return out.toString();
    }

    /** A call's words with times cleared and its site id replaced by the site's key (ids are per run). */
    private static long[] comparable(TraceFile t, RankTrace r, int i) {
        long[] w = java.util.Arrays.copyOfRange(r.words(), RankTrace.base(i), RankTrace.base(i + 1));
        w[Event.W_ENTER] = 0;
        w[Event.W_EXIT] = 0;
        w[Event.W_OP_SITE] = Event.pack(Event.opCode(w, 0), t.site(Event.site(w, 0)).key().hashCode());
        return w;
    }
}
