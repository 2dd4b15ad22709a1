package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mpjtrace.cli.format.ExpandedRank;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.TraceMemory;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.MarkerChoice;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.cluster.MarkerState;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * Mode chameleon on real jobs: the states the ranks agree on at markers, the clusters they form, that
 * non-leads hold no trace while leads trace for them, and that the clustered trace loses no call.
 */
@ExtendWith(NiodevDaemon.class)
class ChameleonModeIT {

    @TempDir
    Path dir;

    static MpjJobs.Run chameleon(Path dir, String example, int ranks, String options, List<String> args) {
        MpjJobs.Run run = MpjJobs.run(example, ranks, "multicore", null, dir.resolve(example + ".chameleon.mpjt"), "chameleon", options, args);
        MpjJobs.assertSucceeded(run);
        assertEquals(List.of(), run.tracerLines(), "the tracer reported no problem");
        return run;
    }

    static List<MarkerState> states(MarkerLog log) {
        return log.records().stream().map(MarkerRecord::state).toList();
    }

    @Test
    void stencilLeadsAreTheBoundaryClassesOfTheGrid() {
        TraceFile trace = chameleon(dir, "Stencil2D", 16, "marker=site:Stencil2D.main,callFrequency=10",
                List.of("steps=1000", "n=16")).result().trace();
        MarkerLog log = trace.markers();
        assertTrue(log.finished());
        // The Allreduce every 10th step is the marker; every 10th marker is acted on: 10 markers, then Finalize.
        List<MarkerState> want = new ArrayList<>(List.of(MarkerState.AT, MarkerState.C));
        for (int i = 3; i <= 10; i++) want.add(MarkerState.L);
        want.add(MarkerState.F);
        assertEquals(want, states(log));
        Clustering c = log.clusteringOf(log.records().get(1));
        Set<RankSet> clusters = c.clusters().stream().map(Cluster::members).collect(Collectors.toSet());
        Set<RankSet> classes = Set.of(RankSet.of(0), RankSet.of(3), RankSet.of(12), RankSet.of(15), RankSet.of(1, 2),
                RankSet.of(13, 14), RankSet.of(4, 8), RankSet.of(7, 11), RankSet.of(5, 6, 9, 10));
        assertEquals(classes, clusters, "corners, edges and interior of the 4x4 grid");
        assertFalse(c.absoluteEndpoints(), "neighbours agree relative to their rank");
        for (int i = 2; i < 10; i++) assertEquals(log.records().get(1).clustering(), log.records().get(i).clustering(), "L keeps C's clusters");
        Set<Integer> leads = new HashSet<>();
        for (int l : c.leads()) leads.add(l);
        for (RankTrace r : trace.ranks()) {
            TraceMemory m = r.stats().memory();
            assertEquals(8, m.markers()[MarkerState.L.code], "rank " + r.rank() + " passed 8 markers in L");
            if (leads.contains(r.rank())) {
                assertTrue(m.maxBytes()[MarkerState.L.code] > 0, "lead " + r.rank() + " holds its interval's trace");
            } else {
                assertEquals(0, m.maxBytes()[MarkerState.L.code], "non-lead " + r.rank() + " holds no trace in L");
            }
            assertTrue(m.maxBytes()[MarkerState.AT.code] > 0, "rank " + r.rank() + " traced in AT");
        }
        for (int i = 1; i < 11; i++) assertTrue(log.records().get(i).mergedCalls() > 0, "marker " + (i + 1) + " merged");
        // The intervals' loops joined again: one time-step loop of 100 iterations (10 steps and the Allreduce), as a full trace has it.
        List<GlobalLoop> loops = trace.global().nodes().stream().filter(GlobalLoop.class::isInstance).map(GlobalLoop.class::cast).toList();
        assertEquals(1, loops.size(), "one top-level loop");
        for (int r = 0; r < 16; r++) assertEquals(100, loops.get(0).counts().valueFor(r).cursor().next(), "rank " + r + "'s iterations");
    }

    @Test
    void everyPhaseChangeGoesBackThroughAllTracingAndClusteringToLeads() {
        TraceFile trace = chameleon(dir, "PhaseChange", 16, "marker=site:PhaseChange.main,callFrequency=2",
                List.of("steps=60", "phase=10")).result().trace();
        // Acted on at each global step's Bcast (steps 10-19, 30-39, 50-59): the first marker of each global
        // phase sees the local phase's calls (AT), the second the plain global step (AT, changed again), then C, L.
        List<MarkerState> phase = new ArrayList<>(List.of(MarkerState.AT, MarkerState.AT, MarkerState.C));
        for (int i = 0; i < 7; i++) phase.add(MarkerState.L);
        List<MarkerState> want = new ArrayList<>();
        for (int p = 0; p < 3; p++) want.addAll(phase);
        want.add(MarkerState.F);
        assertEquals(want, states(trace.markers()));
        Set<String> ops = new HashSet<>();
        collectOps(trace, ops);
        assertTrue(ops.containsAll(Set.of("Sendrecv", "Allreduce", "Bcast", "Reduce")), "every phase's calls are in the trace: " + ops);
    }

    @Test
    void aLeadsOwnComputeIsSpreadOverItsCluster() {
        // Rank 0 alone computes 20 ms before each step's first call, the other 7 ranks nothing: 2.5 ms a rank
        // and step at least (Compute never returns early), whatever the load adds. Without calibration the
        // trace would hold its lead's time for every rank: 20 ms or more if rank 0 leads, next to nothing if
        // another rank does. The bounds tell those apart and leave a busy machine 12 ms a step of slack.
        List<String> args = List.of("steps=20", "phase=5", "root=20000");
        TraceFile clustered = chameleon(dir, "PhaseChange", 8, "marker=site:PhaseChange.main,callFrequency=2", args).result().trace();
        double chameleon = stepComputeMillis(clustered);
        assertTrue(chameleon >= 2.4 && chameleon < 15, "chameleon: " + chameleon + " ms a step, the mean over the ranks");
    }

    /** Mean compute before a step's first call (Sendrecv or Allreduce), over every rank's calls, in ms. */
    private static double stepComputeMillis(TraceFile trace) {
        double[] sumAndCount = new double[2];
        stepCompute(trace.global().nodes(), sumAndCount);
        return sumAndCount[0] / sumAndCount[1] / 1e6;
    }

    private static void stepCompute(List<GlobalNode> nodes, double[] sumAndCount) {
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalLoop l) {
                stepCompute(l.body(), sumAndCount);
            } else if (n instanceof GlobalEvent e && (e.op() == Op.SENDRECV.code || e.op() == Op.ALLREDUCE.code)) {
                // A histogram counts each occurrence once per rank it stands for (a lead's, once per member).
                sumAndCount[0] += e.compute().sum();
                sumAndCount[1] += e.compute().count();
            }
        }
    }

    /**
     * An explicit rule whose markers end before ranks 1-7 run a last loop of their own (ShiftingLoops' markers
     * are the collectives of its main: the second loop's Bcast, then the Reduce after the last loop). The
     * Reduce ends the clusters (AT), and where the lead alone would merge the interval, a non-lead that kept its
     * calls there merges its own: every rank's calls are full's, in chameleon and in reference.
     */
    @Test
    void aLoopSomeRanksRunAfterTheLastMarkerOfAnExplicitRuleIsKept() {
        List<String> args = List.of("first=12", "second=12", "early=6");
        MpjJobs.Run fullRun = MpjJobs.run("ShiftingLoops", 8, "multicore", null, dir.resolve("sl.full.mpjt"), "full", "", args);
        MpjJobs.assertSucceeded(fullRun);
        TraceFile full = fullRun.result().trace();
        for (String mode : List.of("chameleon", "reference")) {
            MpjJobs.Run run = MpjJobs.run("ShiftingLoops", 8, "multicore", null, dir.resolve("sl." + mode + ".mpjt"), mode, "marker=site:ShiftingLoops.main", args);
            MpjJobs.assertSucceeded(run);
            assertEquals(List.of(), run.tracerLines(), "the tracer reported no problem");
            TraceFile trace = run.result().trace();
            assertTrue(states(trace.markers()).contains(MarkerState.L), mode + ": leads alone traced the second loop: " + states(trace.markers()));
            for (RankTrace section : trace.ranks())
                assertEquals(opCounts(ExpandedRank.of(full, full.rank(section.rank()))), opCounts(ExpandedRank.of(trace, section)),
                        mode + ", rank " + section.rank() + "'s calls per op");
            assertFalse(run.messages().contains("made other calls than their lead"), run.messages());
        }
    }

    @Test
    void masterAndWorkersFormTwoClusters() {
        TraceFile trace = chameleon(dir, "MasterWorker", 16, "", List.of("tasks=160")).result().trace();
        MarkerLog log = trace.markers();
        assertEquals(List.of(MarkerState.F), states(log), "no collectives, no markers: one clustering at Finalize");
        assertTrue(log.auto() && log.choices().isEmpty() && log.candidates() == 0, "marker auto found no collective on all ranks to choose from");
        Clustering c = log.clusteringOf(log.records().get(0));
        assertEquals(Set.of(RankSet.of(0), RankSet.range(1, 15, 1)), c.clusters().stream().map(Cluster::members).collect(Collectors.toSet()));
        assertTrue(c.absoluteEndpoints(), "workers agree on their absolute peer, rank 0");
        // One worker traced for all: each of them expands to talking with rank 0, not with its lead's offsets.
        for (RankTrace section : trace.ranks()) {
            if (section.rank() == 0) continue;
            RankTrace calls = ExpandedRank.of(trace, section);
            for (int i = 0; i < calls.eventCount(); i++) {
                int op = Event.opCode(calls.words(), RankTrace.base(i));
                if (op == Op.SEND.code || op == Op.RECV.code)
                    assertEquals(0, Event.peer(calls.words(), RankTrace.base(i)), "worker " + section.rank() + " call " + i);
            }
        }
    }

    /**
     * Enough steps for the time-stepped examples to reach state L with marker auto, which first looks for
     * a loop at the 4th collective on all ranks, then acts at the 4th (AT), 5th (AT), 6th (C) and 7th (L):
     * Stencil2D has one every 10th step, Stencil3D one a step. With the call list printed (--calls, after
     * MPI.Finalize), as the examples' shared full runs ({@link FullRuns}) are, so that the others' full
     * runs are shared.
     */
    private static List<String> args(Examples ex) {
        return switch (ex) {
            case STENCIL_2D -> List.of("steps=100", "n=16", "--calls");
            case STENCIL_3D -> List.of("steps=8", "n=4", "--calls");
            // Loops with no collective on all ranks: long enough for each rank to find its own (LoopMarker proposes
            // from the 64th call on, TwoCallers' ranks at the 128th) and to look again under the clusters (state
            // L) well before its loop ends, however late rank 0's answer comes. Sweep's rank 0 only sends, and
            // without time between its sweeps it can be through before the others have proposed.
            case RING -> List.of("steps=150", "--calls");
            case SWEEP -> List.of("sweeps=150", "n=8", "compute=200", "--calls");
            case TWO_CALLERS -> List.of("steps=150", "--calls");
            case CG_TRANSPOSE -> List.of("steps=250", "n=16", "--calls");
            default -> ex.argsWithCalls();
        };
    }

    @ParameterizedTest(name = "{0} on 16 ranks")
    @EnumSource(Examples.class)
    void nothingIsLostWithMarkerAuto(Examples ex) {
        assumeTrue(ex.runsOn(16), "written for 4 ranks");
        MpjJobs.Run fullRun = FullRuns.of(ex.mainClass, 16, "multicore", null, args(ex));
        MpjJobs.assertSucceeded(fullRun);
        TraceFile full = fullRun.result().trace();
        // No marker option: marker auto finds the loop of each example that has one, with a collective on all
        // ranks or, failing that, each rank's own.
        TraceFile clustered = chameleon(dir, ex.mainClass, 16, "", args(ex)).result().trace();
        if (ex != Examples.MASTER_WORKER && ex != Examples.API_TOUR)
            assertTrue(states(clustered.markers()).contains(MarkerState.L), "leads alone traced for a while: " + states(clustered.markers()));
        boolean ownLoops = ex == Examples.RING || ex == Examples.SWEEP || ex == Examples.TWO_CALLERS || ex == Examples.CG_TRANSPOSE;
        assertEquals(ownLoops, clustered.markers().choices().stream().anyMatch(MarkerChoice::ownLoops),
                "the ranks clustered on their own loops exactly where the loop has no collective on all ranks: " + clustered.markers().choices());
        if (ownLoops) ownLoopsHeldNothingOnNonLeads(clustered, ex.mainClass);
        Set<String> fullCalls = new HashSet<>(), clusteredCalls = new HashSet<>();
        GlobalCalls.distinct(full, fullCalls);
        GlobalCalls.distinct(clustered, clusteredCalls);
        assertTrue(clusteredCalls.containsAll(fullCalls), "every (op, call site) of the full trace: missing "
                + fullCalls.stream().filter(k -> !clusteredCalls.contains(k)).toList());
        // Two runs of a timing-dependent program make different calls: only the calls' kinds compare.
        if (!ex.deterministic) return;
        for (RankTrace section : clustered.ranks())
            assertEquals(opCounts(ExpandedRank.of(full, full.rank(section.rank()))), opCounts(ExpandedRank.of(clustered, section)),
                    ex.mainClass + " rank " + section.rank() + "'s calls per op, expanded from its lead");
        // Rank 0 leads from its first clustering on, so every call of it is in the trace: with full's loops, however
        // the markers cut them.
        assertEquals(loopNest(full.global().nodes(), 0, 0), loopNest(clustered.global().nodes(), 0, 0), ex.mainClass + " rank 0's loops");
        MarkerLog log = clustered.markers();
        int checked = 0;
        for (RankTrace section : clustered.ranks()) {
            int r = section.rank();
            boolean likeLeads = log.records().stream().map(log::clusteringOf).filter(java.util.Objects::nonNull)
                    .allMatch(c -> GlobalCalls.sameBehaviour(full.global(), r, c.clusterOf(r).lead()));
            if (!likeLeads) continue;
            checked++;
            assertSameCalls(full, ExpandedRank.of(full, full.rank(r)), clustered, ExpandedRank.of(clustered, section), ex.mainClass + " rank " + r);
        }
        assertTrue(checked > 0, "some rank behaves like its lead (at least the leads themselves)");
    }

    /** The loops rank {@code r} runs, depth first: each one's depth and the rank's iteration counts. */
    static List<String> loopNest(List<org.mpjtrace.trace.global.GlobalNode> nodes, int r, int depth) {
        List<String> out = new java.util.ArrayList<>();
        for (org.mpjtrace.trace.global.GlobalNode n : nodes)
            if (n instanceof org.mpjtrace.trace.global.GlobalLoop l && l.ranks().contains(r)) {
                out.add(depth + ":" + l.counts().valueFor(r));
                out.addAll(loopNest(l.body(), r, depth + 1));
            }
        return out;
    }

    /**
     * With a JVM per rank the leads' call-site tables differ and are unified at rank 0 at every merge; the
     * ranks agree on marker auto's choice all the same.
     */
    @Test
    void niodevLeadsMergeAcrossJvms() {
        List<String> args = List.of("steps=100", "n=8");
        MpjJobs.Run fullRun = MpjJobs.run("Stencil2D", 4, "niodev", NiodevDaemon.machines(), dir.resolve("n.full.mpjt"), "full", "", args);
        MpjJobs.assertSucceeded(fullRun);
        // Marker auto: each JVM asks MPJ the size of its own communicators and names call sites its own way.
        MpjJobs.Run run = MpjJobs.run("Stencil2D", 4, "niodev", NiodevDaemon.machines(), dir.resolve("n.chameleon.mpjt"), "chameleon",
                "", args);
        MpjJobs.assertSucceeded(run);
        assertEquals(List.of(), run.tracerLines(), "the tracer reported no problem");
        TraceFile full = fullRun.result().trace(), clustered = run.result().trace();
        assertTrue(states(clustered.markers()).contains(MarkerState.L), "states " + states(clustered.markers()));
        assertEquals(1, clustered.markers().choices().size(), "the ranks of four JVMs agreed on one loop");
        assertTrue(clustered.markers().choices().get(0).site().startsWith("Allreduce at Stencil2D.main:"), clustered.markers().choices().toString());
        for (RankTrace section : clustered.ranks()) {
            assertSameCalls(full, ExpandedRank.of(full, full.rank(section.rank())), clustered, ExpandedRank.of(clustered, section),
                    "niodev rank " + section.rank());
        }
    }

    /**
     * Clustered on their own loops (no collective on all ranks): one choice, C first and never AT (the
     * clusters stand), the non-leads hold no trace from C on, and every non-lead made its lead's calls.
     */
    private static void ownLoopsHeldNothingOnNonLeads(TraceFile clustered, String example) {
        MarkerLog log = clustered.markers();
        assertEquals(1, log.choices().size(), example + ": " + log.choices());
        List<MarkerState> states = states(log);
        assertEquals(MarkerState.C, states.get(0), example + ": the first marker clusters: " + states);
        assertFalse(states.contains(MarkerState.AT), example + ": " + states);
        Clustering c = log.clusterings().get(0);
        assertTrue(c.clusters().size() < clustered.meta().worldSize(), example + ": fewer leads than ranks: " + c);
        for (RankTrace section : clustered.ranks()) {
            int r = section.rank();
            TraceMemory m = section.stats().memory();
            if (c.clusterOf(r).lead() != r)
                assertEquals(0, Math.max(m.maxBytes()[MarkerState.L.code], m.maxBytes()[MarkerState.F.code]),
                        example + ": non-lead " + r + " holds no trace in L and at F");
        }
        assertEquals(0, log.records().get(log.records().size() - 1).changedRanks(), example + ": every non-lead made its lead's calls");
    }

    static Map<String, Integer> opCounts(RankTrace calls) {
        Map<String, Integer> counts = new TreeMap<>();
        for (int i = 0; i < calls.eventCount(); i++)
            counts.merge(Op.ofCode(Event.opCode(calls.words(), RankTrace.base(i))).name(), 1, Integer::sum);
        return counts;
    }

    private static void assertSameCalls(TraceFile a, RankTrace x, TraceFile b, RankTrace y, String what) {
        assertEquals(x.eventCount(), y.eventCount(), what + ": number of calls");
        for (int i = 0; i < x.eventCount(); i++) {
            assertArrayEquals(comparable(a, x, i), comparable(b, y, i), what + " call " + i);
        }
    }

    /** A call's words with times cleared and its site id replaced by the site's key (ids are per run). */
    private static long[] comparable(TraceFile t, RankTrace r, int i) {
        long[] w = java.util.Arrays.copyOfRange(r.words(), RankTrace.base(i), RankTrace.base(i + 1));
        w[Event.W_ENTER] = 0;
        w[Event.W_EXIT] = 0;
        int site = Event.site(w, 0);
        w[Event.W_OP_SITE] = Event.pack(Event.opCode(w, 0), t.site(site).key().hashCode());
        return w;
    }

    private static void collectOps(TraceFile trace, Set<String> ops) {
        Set<String> calls = new HashSet<>();
        GlobalCalls.distinct(trace, calls);
        for (String c : calls) ops.add(c.substring(0, c.indexOf(' ')));
    }

    @Test
    void aRankWhoseTracerFailsStillVotesAndTheJobRunsOn() {
        List<String> args = List.of("steps=200", "n=16", "--calls");
        MpjJobs.Run plain = MpjJobs.run("Stencil2D", 16, "multicore", null, null, null, args);
        MpjJobs.assertSucceeded(plain);
        MpjJobs.Run faulty = MpjJobs.run("Stencil2D", 16, "multicore", null, dir.resolve("f.mpjt"), "chameleon",
                "marker=site:Stencil2D.main,injectFault=5:100", args);
        MpjJobs.assertSucceeded(faulty);
        List<String> lines = faulty.tracerLines();
        assertEquals(1, lines.size(), faulty.out() + faulty.err());
        assertTrue(lines.get(0).contains("rank 5") && lines.get(0).contains("tracing is off"), lines.get(0));
        assertEquals(CallLists.allLinesSorted(plain.out()), CallLists.allLinesSorted(faulty.out()).stream()
                .filter(l -> !l.startsWith("mpjtrace:")).toList(), "the program's output is unchanged");
        TraceFile trace = faulty.result().trace();
        assertTrue(trace.markers().finished(), "every rank reached Finalize through every vote and merge");
        assertTrue(trace.rank(5).stats().disabledReason().contains("injected fault"));
    }

    @Test
    void killedAfterTheFifthMergeLeavesEverythingUpToIt() throws Exception {
        KilledJob.assertKeepsEverythingUpToTheLastMerge(dir);
    }
}
