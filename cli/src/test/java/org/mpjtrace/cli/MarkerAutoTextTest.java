package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.format.ClusteringSettings;
import org.mpjtrace.cli.format.MarkerLogText;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.MarkerChoice;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.cluster.MarkerState;
import org.mpjtrace.trace.io.TraceReader;
import org.mpjtrace.trace.ranks.RankSet;

class MarkerAutoTextTest {
    @TempDir
    Path dir;

    private static final MarkerChoice STEP = new MarkerChoice(8, 1, "Allreduce at Solver.step:40", "Solver.main:12",
            "on every rank the last 3 collectives on all ranks repeat every 1 (agreed at collective 8)");
    private static final MarkerChoice SECOND_LOOP = new MarkerChoice(30, 2, "Bcast at Solver.relax:77", "",
            "the loop's collectives changed; on every rank the last 6 collectives on all ranks repeat every 2 (agreed at collective 30)");

    /** The finished ring job's trace with {@code log} for its marker log and {@code marker} as its rule (null: none given). */
    private TraceFile with(MarkerLog log, String marker) throws Exception {
        TraceFile base = ChameleonTraces.finished();
        Map<String, String> options = new LinkedHashMap<>(base.meta().agentOptions());
        options.remove("marker");
        if (marker != null) options.put("marker", marker);
        JobMeta m = base.meta();
        JobMeta meta = new JobMeta(m.mode(), m.device(), m.worldSize(), m.startMillis(), m.endMillis(), m.mainClass(), options,
                m.tracerVersion(), m.ending(), m.initClass());
        TraceFile t = new TraceFile(meta, base.sites(), base.ranks(), base.callPaths(), base.global(), log);
        // Through the real writer and reader: the choices must survive the file.
        return TraceReader.read(ChameleonTraces.write(dir.resolve("t.mpjt"), t));
    }

    private static MarkerRecord record(int index, long call, MarkerState s) {
        return new MarkerRecord(index, call, s, 0, s == MarkerState.AT ? -1 : 0, 0, 0);
    }

    private static MarkerLog autoLog(List<MarkerRecord> records, List<MarkerChoice> choices, long candidates) {
        MarkerLog base = ChameleonTraces.finished().markers();
        return new MarkerLog(base.worldSize(), base.clusterings(), records, true, choices, candidates);
    }

    @Test
    void eachChoiceSaysWhereItsMarkerIsWhyAndHowOftenItActedInEachState() throws Exception {
        List<MarkerRecord> records = List.of(record(1, 8, MarkerState.AT), record(2, 9, MarkerState.AT), record(3, 10, MarkerState.C),
                record(4, 11, MarkerState.L), record(5, 13, MarkerState.L), record(6, 30, MarkerState.AT), record(7, 34, MarkerState.C),
                record(8, 34, MarkerState.F));
        TraceFile t = with(autoLog(records, List.of(STEP, SECOND_LOOP), 40), null);
        assertEquals(List.of(STEP, SECOND_LOOP), t.markers().choices());
        assertEquals(List.of(
                "marker auto: Allreduce at Solver.step:40 (called from Solver.main:12), every 1 collective on all ranks from collective 8; "
                        + "acted on 5 times (2 in AT, 1 in C, 2 in L)",
                "  why: " + STEP.reason(),
                "marker auto: Bcast at Solver.relax:77, every 2 collectives on all ranks from collective 30; acted on 2 times (1 in AT, 1 in C, 0 in L)",
                "  why: " + SECOND_LOOP.reason()), MarkerLogText.markerLines(t));
        assertEquals("auto (default)", ClusteringSettings.marker(t));
    }

    @Test
    void aChoiceOfTheRanksOwnLoopsSaysSoAndItsWarningComparesTheWholeRun() throws Exception {
        MarkerChoice own = new MarkerChoice(0, 2, "Recv at Ring.main:37", "", "no collective on all ranks in the loop; ...", true);
        MarkerRecord end = new MarkerRecord(4, 0, MarkerState.F, 3, 0, 0, 0);
        List<MarkerRecord> records = List.of(record(1, 0, MarkerState.C), record(2, 0, MarkerState.L), record(3, 0, MarkerState.L), end);
        TraceFile t = with(autoLog(records, List.of(own), 0), null);
        assertEquals(List.of(own), t.markers().choices(), "the kind survives the file");
        assertEquals(List.of(
                "marker auto: each rank's own loop, no collective (rank 0's: 2 calls an iteration, proposed at Recv at Ring.main:37); "
                        + "acted on 3 times (0 in AT, 1 in C, 2 in L)",
                "  why: " + own.reason(),
                "warning: 3 non-lead ranks made other calls than their lead (compared over the whole run: the ranks clustered on their own loops): "
                        + "the trace has their lead's calls there"), MarkerLogText.markerLines(t));
        Path file = ChameleonTraces.write(dir.resolve("own.mpjt"), t);
        JsonNode c = new ObjectMapper().readTree(Cli.run("clusters", file.toString(), "--format", "json").out).get("auto").get("choices").get(0);
        assertTrue(c.get("own_loops").asBoolean());
    }

    /** The ranks clustered again on their new loops: records that count the same collectives fall to each choice from its C on. */
    @Test
    void aChoiceOfTheRanksNewLoopsCountsTheMarkersFromItsClusteringOn() throws Exception {
        MarkerChoice ring = new MarkerChoice(0, 1, "Sendrecv at RingThenPairs.main:34", "", "no collective on all ranks in the loop; ...", true);
        MarkerChoice pairs = new MarkerChoice(0, 1, "Send at RingThenPairs.main:41", "", "no collective on all ranks in the loop; ...", true);
        List<MarkerRecord> records = List.of(record(1, 0, MarkerState.C), record(2, 0, MarkerState.L), record(3, 0, MarkerState.L),
                record(4, 0, MarkerState.L), record(5, 0, MarkerState.C), record(6, 0, MarkerState.L), record(7, 0, MarkerState.F));
        List<String> lines = MarkerLogText.markerLines(with(autoLog(records, List.of(ring, pairs), 0), null));
        assertTrue(lines.get(0).endsWith("proposed at Sendrecv at RingThenPairs.main:34); acted on 4 times (0 in AT, 1 in C, 3 in L)"), lines.get(0));
        assertTrue(lines.get(2).endsWith("proposed at Send at RingThenPairs.main:41); acted on 2 times (0 in AT, 1 in C, 1 in L)"), lines.get(2));
    }

    @Test
    void clustersThatSplitAtFinalizeSayHowManyRanksTracedTheirOwnCalls() throws Exception {
        MarkerLog base = ChameleonTraces.finished().markers();
        int world = base.worldSize();
        Clustering onLoops = new Clustering(List.of(new Cluster(0, RankSet.range(0, world, 1), 11, -1, 1)), false, 5);
        Clustering split = new Clustering(List.of(new Cluster(0, RankSet.range(0, (world + 1) / 2, 2), 11, -1, 1),
                new Cluster(1, RankSet.range(1, world / 2, 2), 11, -1, 1)), false, 6);
        MarkerChoice own = new MarkerChoice(0, 1, "Sendrecv at RingThenPairs.main:34", "", "no collective on all ranks in the loop; ...", true);
        List<MarkerRecord> records = List.of(record(1, 0, MarkerState.C), record(2, 0, MarkerState.L), new MarkerRecord(3, 0, MarkerState.F, 0, 1, 0, 0));
        MarkerLog log = new MarkerLog(world, List.of(onLoops, split), records, true, List.of(own), 0);
        List<String> lines = MarkerLogText.markerLines(with(log, null));
        assertEquals("at MPI.Finalize " + world / 2 + " ranks whose calls were not their lead's traced their own (1 cluster became 2)",
                lines.get(lines.size() - 1), lines.toString());
        // The same clustering at Finalize as before: nothing to say.
        MarkerLog standing = new MarkerLog(world, List.of(onLoops), List.of(record(1, 0, MarkerState.C), record(2, 0, MarkerState.F)), true, List.of(own), 0);
        assertEquals(2, MarkerLogText.markerLines(with(standing, null)).size(), "the choice and its reason only");
    }

    @Test
    void choicesOfFilesOlderThanVersion17AreCollectives() throws Exception {
        TraceFile t = TraceReader.read(Path.of(getClass().getResource("/fuzz/corpus/shiftingloops-chameleon-auto.mpjt").toURI()));
        assertEquals(2, t.markers().choices().size());
        assertTrue(t.markers().choices().stream().noneMatch(MarkerChoice::ownLoops), t.markers().choices().toString());
    }

    @Test
    void clustersJsonGivesAutosChoicesAndNullForOtherRules() throws Exception {
        List<MarkerRecord> records = List.of(record(1, 8, MarkerState.AT), record(2, 9, MarkerState.F));
        TraceFile auto = with(autoLog(records, List.of(STEP), 12), null);
        Path file = ChameleonTraces.write(dir.resolve("auto.mpjt"), auto);
        JsonNode j = new ObjectMapper().readTree(Cli.run("clusters", file.toString(), "--format", "json").out).get("auto");
        assertEquals(12, j.get("candidates").asLong());
        assertEquals(1, j.get("choices").size());
        JsonNode c = j.get("choices").get(0);
        assertEquals(List.of(8L, 1L), List.of(c.get("collective").asLong(), c.get("period").asLong()));
        assertEquals(List.of(STEP.site(), STEP.callers(), STEP.reason()), List.of(c.get("site").asText(), c.get("callers").asText(), c.get("reason").asText()));
        Path explicit = ChameleonTraces.write(dir.resolve("site.mpjt"), ChameleonTraces.finished());
        assertTrue(new ObjectMapper().readTree(Cli.run("clusters", explicit.toString(), "--format", "json").out).get("auto").isNull());
    }

    @Test
    void autoWithoutALoopSaysWhyAndThatTheRanksClusteredAtFinalize() throws Exception {
        List<MarkerRecord> onlyF = List.of(record(1, 0, MarkerState.F));
        assertEquals(List.of("marker auto found no loop (no collective on all ranks, and no loop of its own calls on every rank): the ranks clustered once, at MPI.Finalize"),
                MarkerLogText.markerLines(with(autoLog(onlyF, List.of(), 0), "auto")));
        assertEquals(List.of("marker auto found no loop (only 3 collectives on all ranks, too few to look for one): "
                        + "the ranks clustered once, at MPI.Finalize"),
                MarkerLogText.markerLines(with(autoLog(onlyF, List.of(), 3), "auto")));
        assertEquals(List.of("marker auto found no loop (50 collectives on all ranks, not repeating alike on every rank): "
                        + "the ranks clustered once, at MPI.Finalize"),
                MarkerLogText.markerLines(with(autoLog(onlyF, List.of(), 50), "auto")));
    }

    @Test
    void anExplicitRuleThatNeverFiredIsWarnedAboutAndOneThatFiredIsNot() throws Exception {
        MarkerLog base = ChameleonTraces.finished().markers();
        MarkerLog neverFired = new MarkerLog(base.worldSize(), base.clusterings(), List.of(new MarkerRecord(1, 0, MarkerState.F, 0, 0, 9, 0)), true);
        assertEquals(List.of("warning: marker rule barrier never fired during the run: the ranks clustered once, at MPI.Finalize; try --marker auto"),
                MarkerLogText.markerLines(with(neverFired, "barrier")));
        assertEquals(List.of(), MarkerLogText.markerLines(with(neverFired, "none")));
        assertEquals(List.of(), MarkerLogText.markerLines(with(base, "site:Solver.step")));
    }

    @Test
    void nonLeadsUnlikeTheirLeadAtFinalizeAreWarnedAboutUnderAnExplicitRuleToo() throws Exception {
        MarkerLog base = ChameleonTraces.finished().markers();
        List<MarkerRecord> records = new java.util.ArrayList<>(base.records());
        MarkerRecord last = records.remove(records.size() - 1);
        records.add(new MarkerRecord(last.index(), last.markerCall(), MarkerState.F, 2, last.clustering(), last.mergedCalls(), last.mergeNanos()));
        MarkerLog unlike = new MarkerLog(base.worldSize(), base.clusterings(), records, true);
        assertEquals(List.of("warning: 2 non-lead ranks made other calls than their lead after the last marker acted on (marker call "
                + last.markerCall() + "): the trace has their lead's calls there"), MarkerLogText.markerLines(with(unlike, "site:Solver.step")));
    }

    @Test
    void aLogWithoutAutosPartAndNoMarkerKeyWasMadeWithTheOldDefaultBarrier() throws Exception {
        TraceFile t = with(ChameleonTraces.finished().markers(), null);
        assertEquals("barrier (default)", ClusteringSettings.marker(t));
    }

    @Test
    void aChameleonTraceOfFormatTenReadsWithoutAutosPart() throws Exception {
        TraceFile t = TraceReader.read(Path.of(getClass().getResource("/formats/version10-phasechange-chameleon.mpjt").toURI()));
        assertEquals(false, t.markers().auto());
        assertEquals(List.of(), t.markers().choices());
        assertEquals("site:PhaseChange.main", ClusteringSettings.marker(t));
    }
}
