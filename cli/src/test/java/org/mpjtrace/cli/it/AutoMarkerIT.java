package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.format.ExpandedRank;
import org.mpjtrace.cli.phases.PhaseDetection;
import org.mpjtrace.cli.phases.PhaseMarkers;
import org.mpjtrace.cli.phases.RankCalls;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.MarkerChoice;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.cluster.MarkerState;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * Marker auto on a real job with no marker option: the ranks find the time-step loop, choose again when
 * the loop changes, keep every call, and nobody hangs when a rank leaves a loop the others go on with,
 * whether the loop has a collective on all ranks or not (then each rank's own loop, across niodev JVMs
 * too). (The examples with one loop each run with marker auto in ChameleonModeIT.nothingIsLostWithMarkerAuto.)
 */
@ExtendWith(NiodevDaemon.class)
class AutoMarkerIT {

    private static final String PERIODIC_GATHER = "org.mpjtrace.examples.clusters.PeriodicGather";
    private static final String TWO_DOTS = "org.mpjtrace.examples.clusters.TwoDots";

    @TempDir
    Path dir;

    @Test
    void theMarkerFollowsTheLoopWhenItChangesAndARankLeavingALoopEarlyHangsNobody() {
        List<String> args = List.of("first=40", "second=40", "early=20");
        MpjJobs.Run fullRun = MpjJobs.run("ShiftingLoops", 8, "multicore", null, dir.resolve("full.mpjt"), "full", "", args);
        MpjJobs.assertSucceeded(fullRun);
        MpjJobs.Run run = ChameleonModeIT.chameleon(dir, "ShiftingLoops", 8, "", args);
        TraceFile trace = run.result().trace();
        MarkerLog log = trace.markers();

        assertTrue(log.auto(), "no marker option: marker auto");
        assertEquals(2, log.choices().size(), "one choice per loop on all ranks: " + log.choices());
        MarkerChoice first = log.choices().get(0), second = log.choices().get(1);
        assertEquals(4, first.collective(), "the first look, at the 4th collective on all ranks, finds the loop");
        assertEquals(1, first.period(), "one Allreduce a step");
        assertTrue(first.site().startsWith("Allreduce at ShiftingLoops.sumAndScale:"), first.site());
        assertTrue(first.callers().startsWith("ShiftingLoops.main:"), first.callers());
        assertEquals(2, second.period(), "a Bcast and the Allreduce a step");
        assertTrue(second.collective() > 40 && second.collective() <= 40 + 2 * 40, "chosen within the second loop: " + second.collective());
        assertTrue(second.reason().startsWith("the loop's collectives changed"), second.reason());
        // 40 + 2 x 40 steps' collectives and the last Reduce: the third loop's Allreduces are on 7 of the 8 ranks, never candidates.
        assertEquals(40 + 80 + 1, log.candidates());
        for (MarkerChoice c : log.choices())
            assertTrue(statesOf(log, c).contains(MarkerState.L), "leads alone traced in the loop of " + c + ": " + statesOf(log, c));

        // Clusters were in force when ranks 1 to 7 went on without rank 0, their lead: non-leads record nothing,
        // but kept their calls since the last marker, so at Finalize the cluster splits by those calls and rank 1
        // traces ranks 1 to 7's last loop. Every rank's calls are full's, and nobody is warned about.
        MarkerRecord end = log.records().get(log.records().size() - 1);
        assertEquals(MarkerState.F, end.state());
        assertEquals(0, end.changedRanks(), "no non-lead stands in for calls that were not its");
        Clustering last = log.clusteringOf(end);
        assertEquals(0, last.clusterOf(0).lead());
        assertEquals(RankSet.range(1, 7, 1), last.clusterOf(1).members(), "ranks 1 to 7 led by one of them for the last interval");
        TraceFile full = fullRun.result().trace();
        for (RankTrace section : trace.ranks()) {
            int r = section.rank();
            Map<String, Integer> want = ChameleonModeIT.opCounts(ExpandedRank.of(full, full.rank(r)));
            assertEquals(want, ChameleonModeIT.opCounts(ExpandedRank.of(trace, section)), "rank " + r + "'s calls per op");
        }
        // The second loop's marker, its Bcast, is not the first call of its body, so its intervals began inside an
        // iteration (14 iterations and a Bcast, then 25 from the Sendrecv on, ...): rank 0 has full's two loops all the same.
        assertEquals(List.of("0:40", "0:40"), ChameleonModeIT.loopNest(full.global().nodes(), 0, 0));
        assertEquals(ChameleonModeIT.loopNest(full.global().nodes(), 0, 0), ChameleonModeIT.loopNest(trace.global().nodes(), 0, 0), "rank 0's loops");
        // Phase detection finds the two loops afterwards, from rank 0's calls alone; the markers followed: each loop's
        // phase begins with every rank tracing (AT) and is clustered again (C) in it; Finalize's F falls in the last phase.
        PhaseDetection phases = PhaseDetection.of(RankCalls.read(trace, trace.rank(0)), null, 0);
        PhaseMarkers markers = PhaseMarkers.of(phases.phases(), log);
        List<String> states = new java.util.ArrayList<>();
        for (int p = 0; p < phases.phases().size(); p++) states.add(markers.states(p));
        assertEquals(2, states.stream().filter(s -> s.startsWith("AT") && s.contains("C")).count(), "two loops, each followed: " + states);
        assertEquals("F", states.get(states.size() - 1), states.toString());
        assertEquals(0, markers.unplaced(), "every marker at one of rank 0's calls");
        assertFalse(run.messages().contains("non-lead ranks made other calls than their lead"), run.messages());
        assertTrue(run.messages().contains("mpjtrace: marker auto: Allreduce at ShiftingLoops.sumAndScale:"), run.messages());
        assertTrue(run.messages().contains("mpjtrace: marker auto: Bcast at ShiftingLoops.main:"), run.messages());
    }

    /**
     * A Gather every 10th step of an Allreduce loop: the first look takes the Allreduces alone for the loop
     * (period 1), the first Gather breaks that, and learning again keeps the Gather in: period 11, chosen once,
     * with the markers at the Gather, under which the ranks reach state L. Before, the Allreduces after each
     * Gather made period 1 again, and the next Gather broke it: a choice and five or six markers every 11
     * collectives, none of them long in L.
     */
    @Test
    void aCollectiveEveryTenthStepBecomesPartOfTheLoopRatherThanBreakingTheMarkerEachTime() {
        FullAndClustered runs = fullAndClustered(PERIODIC_GATHER, "PeriodicGather ", List.of("steps=300", "every=10"));
        MarkerLog log = runs.trace().markers();
        assertEquals(List.of(1, 11), log.choices().stream().map(MarkerChoice::period).toList(), log.choices().toString());
        MarkerChoice second = log.choices().get(1);
        // The markers fall where the Gather that broke period 1 falls, so that an interval is ten whole steps.
        assertTrue(second.site().startsWith("Gather at PeriodicGather.main:"), second.site());
        assertTrue(second.reason().startsWith("the loop's collectives changed; on every rank the last "), second.reason());
        assertTrue(statesOf(log, second).contains(MarkerState.L), statesOf(log, second).toString());
        // The steps the first markers cut apart are joined again: every rank's loops are full's, 30 of 10 steps.
        for (int r = 0; r < 4; r++)
            assertEquals(ChameleonModeIT.loopNest(runs.full().global().nodes(), r, 0), ChameleonModeIT.loopNest(runs.trace().global().nodes(), r, 0),
                    "rank " + r + "'s loops");
    }

    /**
     * Two dot products a step through one helper's Allreduce: one call site, two calling contexts. Marker auto
     * tells its candidates apart by context, as the Call-Path it compares periods by does: period 2, clustered
     * and in state L. Told apart by site, the period was 1 and every period's Call-Path unlike the one before,
     * so the ranks voted at every Allreduce and never clustered (597 markers in AT for 300 steps on 4 ranks).
     */
    @Test
    void oneAllreduceInAHelperCalledFromTwoPlacesIsAPeriodOfTwo() {
        FullAndClustered runs = fullAndClustered(TWO_DOTS, "TwoDots ", List.of("steps=300"));
        MarkerLog log = runs.trace().markers();
        assertEquals(List.of(2), log.choices().stream().map(MarkerChoice::period).toList(), log.choices().toString());
        assertTrue(log.choices().get(0).site().startsWith("Allreduce at TwoDots.dot:"), log.choices().get(0).site());
        assertTrue(ChameleonModeIT.states(log).contains(MarkerState.L), ChameleonModeIT.states(log).toString());
    }

    private record FullAndClustered(TraceFile full, TraceFile trace) {}

    /**
     * {@code example} traced in mode full and in chameleon (marker auto), 4 ranks, with what both must give: the
     * program's lines (starting with {@code lines}) as untraced, a handful of markers (acted on every period until
     * L, then every 2, 4, 8, ... periods), and every rank's calls as full's.
     */
    private FullAndClustered fullAndClustered(String example, String lines, List<String> args) {
        MpjJobs.Run fullRun = MpjJobs.run(example, 4, "multicore", null, dir.resolve("full.mpjt"), "full", "", args);
        MpjJobs.assertSucceeded(fullRun);
        MpjJobs.Run run = ChameleonModeIT.chameleon(dir, example, 4, "", args);
        assertEquals(fullRun.out().lines().filter(l -> l.startsWith(lines)).toList(), run.out().lines().filter(l -> l.startsWith(lines)).toList(),
                "the program's output");
        TraceFile full = fullRun.result().trace(), trace = run.result().trace();
        MarkerLog log = trace.markers();
        assertTrue(log.records().size() <= 20, log.records().size() + " markers: " + ChameleonModeIT.states(log));
        for (RankTrace section : trace.ranks())
            assertEquals(ChameleonModeIT.opCounts(ExpandedRank.of(full, full.rank(section.rank()))), ChameleonModeIT.opCounts(ExpandedRank.of(trace, section)),
                    "rank " + section.rank() + "'s calls per op");
        return new FullAndClustered(full, trace);
    }

    /**
     * Ranks 6 and 7 leave the loop early, and rank 7 then waits for rank 0, which is still in its loop: no
     * rank waits for another's loop, so nobody hangs. The non-leads whose calls differ from their lead's
     * stopped repeating their loop and kept their calls from there, so at Finalize they trace for
     * themselves: every rank keeps full's calls, and nothing is warned about.
     */
    @Test
    void aPairLeavingALoopWithNoCollectiveEarlyHangsNobodyAndKeepsItsCalls() {
        OwnLoopRuns runs = ownLoopRuns("org.mpjtrace.examples.clusters.LeavingPair", "multicore", List.of("steps=100", "early=70"));
        int moved = assertEveryRankKeepsFullsCalls(runs.trace(), runs.full());
        assertTrue(moved > 0, "the leaving pair's calls differ from their leads': some ranks trace for themselves at Finalize");
        List<MarkerRecord> records = runs.trace().markers().records();
        assertEquals(0, records.get(records.size() - 1).changedRanks(), "no non-lead is left unlike its lead");
    }

    /**
     * The ranks cluster on a ring, where they are all alike, then run a loop of pairs, where even and odd
     * ranks make other calls: the odd non-leads stop repeating the ring and keep their calls from there, and
     * at Finalize the clusters split by what each rank called, so every rank keeps its own calls.
     */
    @Test
    void aChangeFromOneOwnLoopToAnotherKeepsEveryRanksCalls() {
        OwnLoopRuns runs = ownLoopRuns("org.mpjtrace.examples.clusters.RingThenPairs", "multicore", List.of("first=300", "second=300"));
        assertTrue(runs.trace().markers().records().stream().anyMatch(r -> r.state() == MarkerState.L), "the ring reached state L");
        assertTrue(assertEveryRankKeepsFullsCalls(runs.trace(), runs.full()) > 0, "the odd ranks' pairs loop is theirs, not their lead's");
    }

    /**
     * The same across four niodev JVMs: a moved rank's old lead is in another JVM, which numbers its call
     * sites its own way, and sends its sites and calling contexts with its first calls.
     */
    @Test
    void aChangeFromOneOwnLoopToAnotherKeepsEveryRanksCallsAcrossNiodevJvms() {
        OwnLoopRuns runs = ownLoopRuns("org.mpjtrace.examples.clusters.RingThenPairs", "niodev", List.of("first=300", "second=300"));
        assertTrue(assertEveryRankKeepsFullsCalls(runs.trace(), runs.full()) > 0, "the odd ranks' pairs loop is theirs, not their lead's");
    }

    /**
     * The marker follows the ranks from one loop of their own to the next: once every rank's loop changed
     * (the ring's Sendrecv to the pairs' Send or Recv), they cluster again on their new loops, and the
     * ring's one cluster becomes the senders' and the receivers'; the new non-leads hold nothing to the end,
     * and every rank still makes full's calls.
     */
    @Test
    void whenEveryRanksOwnLoopChangesTheMarkerMovesToTheNewLoopAndTheRanksClusterAgain() {
        assertTheMarkerMovesFromTheRingToThePairs("multicore", RankSet.of(0, 2, 4, 6), RankSet.of(1, 3, 5, 7));
    }

    /** The same across four niodev JVMs: the receivers' new lead gets its first calls from the ring's lead, in another JVM. */
    @Test
    void whenEveryRanksOwnLoopChangesTheMarkerMovesToTheNewLoopAcrossNiodevJvms() {
        assertTheMarkerMovesFromTheRingToThePairs("niodev", RankSet.of(0, 2), RankSet.of(1, 3));
    }

    private void assertTheMarkerMovesFromTheRingToThePairs(String device, RankSet senders, RankSet receivers) {
        // A long second loop: each rank notices the change at its own pace (looks up to 1,024 calls apart), and in
        // pairs the even ranks' Sends need not wait for their partners, so ranks drift apart; the slack keeps
        // every rank in the loop until the clustering again has come and been looked at three times.
        OwnLoopRuns runs = ownLoopRuns("org.mpjtrace.examples.clusters.RingThenPairs", device, List.of("first=300", "second=20000"));
        MarkerLog log = runs.trace().markers();
        assertEquals(2, log.choices().size(), log.choices().toString());
        assertTrue(log.choices().get(0).site().startsWith("Sendrecv at RingThenPairs.main"), log.choices().get(0).site());
        assertTrue(log.choices().get(1).site().startsWith("Send at RingThenPairs.main"), log.choices().get(1).site());
        List<MarkerRecord> clustered = log.records().stream().filter(r -> r.state() == MarkerState.C).toList();
        assertEquals(2, clustered.size(), log.records().toString());
        assertEquals(List.of(senders, receivers), log.clusteringOf(clustered.get(1)).clusters().stream().map(Cluster::members).toList());
        assertTrue(log.records().indexOf(clustered.get(1)) < log.records().size() - 2, "a marker in L under the new clusters");
        assertEquals(log.clusteringOf(clustered.get(1)), log.clusteringOf(log.records().get(log.records().size() - 1)), "nobody had to split at Finalize");
        assertEquals(receivers.size(), assertEveryRankKeepsFullsCalls(runs.trace(), runs.full()), "the receivers moved to their own lead");
        for (RankTrace r : runs.trace().ranks()) {
            long atEnd = r.stats().memory().maxBytes()[MarkerState.F.code];
            if (r.rank() > 1) assertEquals(0, atEnd, "non-lead " + r.rank() + " holds nothing at Finalize");
            else assertTrue(atEnd > 0, "lead " + r.rank() + " holds its whole run");
        }
    }

    private record OwnLoopRuns(TraceFile full, TraceFile trace) {}

    /**
     * {@code main} traced in mode full, then in chameleon with no marker option, on 8 ranks (niodev: 4 JVMs):
     * the program's output is the same, the tracer reports no problem nor warns of non-leads unlike their
     * lead, and marker auto made one choice, the ranks' own loops.
     */
    private OwnLoopRuns ownLoopRuns(String main, String device, List<String> args) {
        boolean niodev = device.equals("niodev");
        int np = niodev ? 4 : 8;
        Path machines = niodev ? NiodevDaemon.machines() : null;
        String name = main.substring(main.lastIndexOf('.') + 1) + "-" + device;
        MpjJobs.Run fullRun = MpjJobs.run(main, np, device, machines, dir.resolve(name + ".full.mpjt"), "full", "", args);
        MpjJobs.assertSucceeded(fullRun);
        MpjJobs.Run run = MpjJobs.run(main, np, device, machines, dir.resolve(name + ".chameleon.mpjt"), "chameleon", "", args);
        MpjJobs.assertSucceeded(run);
        assertEquals(List.of(), run.tracerLines(), "the tracer reported no problem");
        assertFalse(run.messages().contains("non-lead ranks made other calls than their lead"), run.messages());
        assertEquals(programLines(fullRun), programLines(run), "the program's own output");
        TraceFile trace = run.result().trace();
        assertTrue(!trace.markers().choices().isEmpty() && trace.markers().choices().stream().allMatch(MarkerChoice::ownLoops), trace.markers().choices().toString());
        return new OwnLoopRuns(fullRun.result().trace(), trace);
    }

    /**
     * Every rank of the clustered trace makes full's calls (op counts per rank); returns how many ranks are in
     * another cluster at Finalize than in the clustering on their own loops.
     */
    private static int assertEveryRankKeepsFullsCalls(TraceFile trace, TraceFile full) {
        MarkerLog log = trace.markers();
        Clustering atFinalize = log.clusteringOf(log.records().get(log.records().size() - 1));
        Clustering onLoops = log.clusterings().get(0);
        int moved = 0;
        for (RankTrace section : trace.ranks()) {
            int r = section.rank();
            assertEquals(ChameleonModeIT.opCounts(ExpandedRank.of(full, full.rank(r))), ChameleonModeIT.opCounts(ExpandedRank.of(trace, section)),
                    "rank " + r + "'s calls");
            if (atFinalize.clusterOf(r).lead() != onLoops.clusterOf(r).lead()) moved++;
        }
        return moved;
    }

    /** A rank whose tracer fails still proposes and settles: the ranks cluster on their own loops, and the program runs on. */
    @Test
    void aRankWhoseTracerFailsStillTakesPartInTheOwnLoopsClustering() {
        MpjJobs.Run faulty = MpjJobs.run("Ring", 8, "multicore", null, dir.resolve("f.mpjt"), "chameleon", "injectFault=3:30", List.of("steps=100"));
        MpjJobs.assertSucceeded(faulty);
        List<String> lines = faulty.tracerLines();
        assertEquals(1, lines.size(), faulty.out() + faulty.err());
        assertTrue(lines.get(0).contains("rank 3") && lines.get(0).contains("tracing is off"), lines.get(0));
        assertTrue(faulty.out().contains("Ring np=8 steps=100 token="), faulty.out());
        TraceFile trace = faulty.result().trace();
        assertTrue(trace.markers().finished(), "every rank settled at Finalize");
        assertTrue(trace.markers().choices().get(0).ownLoops(), trace.markers().choices().toString());
        assertTrue(trace.rank(3).stats().disabledReason().contains("injected fault"));
    }

    /** Each rank JVM finds its own loop and they cluster by messages, as the threads of one JVM do. */
    @Test
    void ownLoopsClusterAcrossNiodevJvms() {
        List<String> args = List.of("steps=100");
        MpjJobs.Run fullRun = MpjJobs.run("Ring", 4, "niodev", NiodevDaemon.machines(), dir.resolve("n.full.mpjt"), "full", "", args);
        MpjJobs.assertSucceeded(fullRun);
        MpjJobs.Run run = MpjJobs.run("Ring", 4, "niodev", NiodevDaemon.machines(), dir.resolve("n.chameleon.mpjt"), "chameleon", "", args);
        MpjJobs.assertSucceeded(run);
        assertEquals(List.of(), run.tracerLines(), "the tracer reported no problem");
        TraceFile trace = run.result().trace(), full = fullRun.result().trace();
        assertTrue(trace.markers().choices().get(0).ownLoops(), trace.markers().choices().toString());
        assertTrue(trace.markers().records().stream().anyMatch(r -> r.state() == MarkerState.L), trace.markers().records().toString());
        for (RankTrace section : trace.ranks())
            assertEquals(ChameleonModeIT.opCounts(ExpandedRank.of(full, full.rank(section.rank()))), ChameleonModeIT.opCounts(ExpandedRank.of(trace, section)),
                    "niodev rank " + section.rank() + "'s calls per op");
    }

    private static List<String> programLines(MpjJobs.Run run) {
        return run.out().lines().filter(l -> l.startsWith("LeavingPair ")).toList();
    }

    /** The states of the records acted on under choice {@code c}, before the next choice. */
    private static List<MarkerState> statesOf(MarkerLog log, MarkerChoice c) {
        int i = log.choices().indexOf(c);
        long end = i + 1 < log.choices().size() ? log.choices().get(i + 1).collective() : Long.MAX_VALUE;
        return log.records().stream().filter(r -> r.state() != MarkerState.F && r.markerCall() >= c.collective() && r.markerCall() < end)
                .map(MarkerRecord::state).toList();
    }

}
