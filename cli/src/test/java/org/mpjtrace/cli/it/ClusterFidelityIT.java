package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.compare.Comparison;
import org.mpjtrace.cli.format.ExpandedRank;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.fold.EventRecords;
import org.mpjtrace.trace.global.GlobalExpansion;

/**
 * A clustered trace keeps what differs inside a cluster where it can, and {@code compare} counts it (issue
 * 33 item 4): RankCounts' ranks make the same calls with counts that depend on the rank, so one lead stands
 * for ranks with other Alltoallv counts. Each non-lead's own counts are in its section, and compare, like
 * replay, gives them to it: COUNT is full's, where the lead's calls alone are not.
 */
class ClusterFidelityIT {

    @TempDir
    Path dir;

    /**
     * What a user reads of each rank's calls, {@code decode --expand --format jsonl} (which the exports and the
     * profile rebuild alike, see format.TimedCalls), is full's for every rank, times and the file's name aside:
     * a non-lead's own peers, tags and counts, not its lead's.
     */
    private void everyRankDecodesAsInFull(String example, int ranks) {
        for (int r = 0; r < ranks; r++) {
            List<String> want = decoded(dir.resolve("full.mpjt"), r), got = decoded(dir.resolve(example + ".chameleon.mpjt"), r);
            assertTrue(want.size() > 40, "rank " + r + ": " + want.size() + " calls");
            assertEquals(want.size(), got.size(), "rank " + r + "'s calls as decode --expand shows them");
            for (int i = 0; i < want.size(); i++) assertEquals(want.get(i), got.get(i), "rank " + r + "'s call " + i + " as decode --expand shows it");
            // The loop listing too: a non-lead that keeps values of its own lists its own calls folded again.
            assertEquals(listed(dir.resolve("full.mpjt"), r), listed(dir.resolve(example + ".chameleon.mpjt"), r), "rank " + r + "'s loops as decode --rank lists them");
        }
    }

    /** The nodes {@code decode --rank R} lists for the rank, without their times. */
    private static List<String> listed(Path trace, int rank) {
        java.io.StringWriter out = new java.io.StringWriter();
        picocli.CommandLine cli = org.mpjtrace.cli.Main.newCommandLine();
        cli.setOut(new java.io.PrintWriter(out, true));
        assertEquals(0, cli.execute("decode", trace.toString(), "--rank", "" + rank), "decode " + trace);
        List<String> lines = out.toString().lines().toList();
        int header = 0;
        while (header < lines.size() && !lines.get(header).startsWith("global trace:") && !lines.get(header).contains("'s own calls, ")) header++;
        assertTrue(header < lines.size(), "a listing: " + out);
        return lines.subList(header + 1, lines.size()).stream().map(l -> l.replaceAll(" compute=\\S+ in=\\S+$", "")).toList();
    }

    /** A rank's calls as {@code decode --expand --format jsonl} prints them, without times and sequence numbers. */
    private static List<String> decoded(Path trace, int rank) {
        java.io.StringWriter out = new java.io.StringWriter();
        picocli.CommandLine cli = org.mpjtrace.cli.Main.newCommandLine();
        cli.setOut(new java.io.PrintWriter(out, true));
        String file = trace.toString();
        assertEquals(0, cli.execute("decode", file, "--expand", "--rank", "" + rank, "--format", "jsonl"), "decode " + file);
        List<String> calls = new ArrayList<>();
        for (String line : out.toString().split("\n")) {
            if (!line.startsWith("{\"rank\"")) continue;
            calls.add(line.replaceAll(",\"(start_ns|dur_ns|seq)\":[0-9]+", ""));
        }
        return calls;
    }

    /** A full trace and a chameleon trace with one lead (k=1) of two runs of {@code example} on 4 ranks, 40 steps. */
    private record TwoRuns(TraceFile full, TraceFile clustered) {}

    private TwoRuns fullAndOneLead(String example) {
        List<String> args = List.of("steps=40");
        MpjJobs.Run fullRun = MpjJobs.run(example, 4, "multicore", null, dir.resolve("full.mpjt"), "full", "", args);
        MpjJobs.assertSucceeded(fullRun);
        TraceFile clustered = ChameleonModeIT.chameleon(dir, example, 4, "k=1", args).result().trace();
        MarkerLog log = clustered.markers();
        assertEquals(1, log.clusteringOf(log.records().get(log.records().size() - 1)).clusters().size(), "k=1: one lead");
        return new TwoRuns(fullRun.result().trace(), clustered);
    }

    /** The rank's calls as its lead's alone give them (relative peers turned into its own), nothing of its own section applied. */
    private static RankTrace leadsCalls(TraceFile trace, int rank) {
        List<long[]> calls = new ArrayList<>();
        GlobalExpansion.expand(trace.global(), rank, (e, values) -> {
            long[] w = new long[Event.WORDS];
            EventRecords.toRecord(e.op(), e.thread(), e.site(), e.stack(), values, rank, trace.meta().worldSize(), w, 0);
            calls.add(w);
        });
        long[] words = new long[calls.size() * Event.WORDS];
        for (int i = 0; i < calls.size(); i++) System.arraycopy(calls.get(i), 0, words, i * Event.WORDS, Event.WORDS);
        RankTrace section = trace.rank(rank);
        return new RankTrace(rank, section.host(), 0, calls.size(), words, section.comms(), section.datatypes(), section.redops(), section.stats());
    }

    /** The Alltoallv counts of a rank's calls, in order. */
    private static List<Integer> alltoallvCounts(RankTrace calls) {
        List<Integer> counts = new ArrayList<>();
        for (int i = 0; i < calls.eventCount(); i++) {
            int b = RankTrace.base(i);
            if (Event.opCode(calls.words(), b) == Op.ALLTOALLV.code) counts.add(Event.count(calls.words(), b));
        }
        return counts;
    }

    @Test
    void ranksWithOtherAlltoallvCountsUnderOneLeadCompareAsFullDoes() {
        List<String> args = List.of("steps=40");
        MpjJobs.Run fullRun = MpjJobs.run("org.mpjtrace.examples.clusters.RankCounts", 4, "multicore", null, dir.resolve("full.mpjt"), "full", "", args);
        MpjJobs.assertSucceeded(fullRun);
        TraceFile full = fullRun.result().trace();
        TraceFile clustered = ChameleonModeIT.chameleon(dir, "org.mpjtrace.examples.clusters.RankCounts", 4, "k=1", args).result().trace();

        MarkerLog log = clustered.markers();
        Clustering last = log.clusteringOf(log.records().get(log.records().size() - 1));
        assertEquals(1, last.clusters().size(), "k=1: one lead for the four ranks");
        int lead = last.leads()[0];
        int differing = 0;
        for (int r = 0; r < 4; r++) {
            if (r == lead) continue;
            List<Integer> own = alltoallvCounts(ExpandedRank.of(full, full.rank(r)));
            assertEquals(40, own.size(), "rank " + r + ": one Alltoallv a step");
            if (!own.equals(alltoallvCounts(leadsCalls(clustered, r)))) differing++;
            assertEquals(own, alltoallvCounts(ExpandedRank.of(clustered, clustered.rank(r))), "rank " + r + "'s own counts, rebuilt");
        }
        assertTrue(differing >= 2, "the lead's calls alone give its counts to ranks whose own differ: " + differing + " ranks");
        everyRankDecodesAsInFull("org.mpjtrace.examples.clusters.RankCounts", 4);

        Comparison c = Comparison.of(full, clustered);
        assertEquals(100.0, c.count(), 1e-9, "every rank's own Alltoallv counts");
        assertEquals(100.0, c.events(), 1e-9);
        assertEquals(100.0, c.loop(), 1e-9, "the time loop as full has it");
        for (double p : List.of(c.src(), c.dest(), c.tag())) assertTrue(Double.isNaN(p) || p == 100.0, "SRC, DEST, TAG: " + p);
    }

    @Test
    void ranksWithTheirNeighboursInAnotherOrderAndOtherTagsUnderOneLeadCompareAsFullDoesAndReplay() {
        String example = "org.mpjtrace.examples.clusters.ParityExchange";
        TwoRuns runs = fullAndOneLead(example);
        TraceFile full = runs.full(), clustered = runs.clustered();

        // Odd ranks go left first where the even lead goes right, and tag with their own rank: each keeps its own
        // peers and tags at the two sites, in order, and nothing where the lead's calls are right for it.
        int kept = 0;
        for (RankTrace section : clustered.ranks())
            for (StackSummary s : section.stackSummaries())
                if (s.hasValues()) kept++;
        assertTrue(kept >= 3, "own peers or tags kept at " + kept + " stacks");
        Comparison c = Comparison.of(full, clustered);
        for (double p : List.of(c.count(), c.events(), c.src(), c.dest(), c.tag())) assertEquals(100.0, p, 1e-9, "COUNT, # EVENTS, SRC, DEST, TAG");
        everyRankDecodesAsInFull(example, 4);
        // The replay makes those calls (traced as a dump, it compares as full), so MPJ matches every message:
        // a rank given its lead's tags would wait for messages that never come.
        TraceFile replay = TracedReplay.of(clustered, dir.resolve(example + ".chameleon.mpjt"), dir, 4, "multicore", null);
        Comparison r = Comparison.of(full, replay);
        for (double p : List.of(r.count(), r.events(), r.src(), r.dest(), r.tag())) assertEquals(100.0, p, 1e-9, "the replay's calls");
    }
    /**
     * PairedComms' pairs take two communicators in opposite orders at one Sendrecv site. Under one lead (k=1) each
     * other pair keeps its own order of communicators, as it keeps its own peers and tags: decoded, every rank's
     * calls are full's, and its replay exchanges each message on the communicator the rank used. Before, ranks 2
     * and 3 took their lead's order, and a thread pool whose threads take tasks on two communicators in whatever
     * order they come (the fourth sweep's PoolThreads) stalled in its clustered trace's replay.
     */
    @Test
    void pairsThatTakeTwoCommunicatorsInAnotherOrderUnderOneLeadKeepTheirOwnOrder() {
        String example = "org.mpjtrace.examples.clusters.PairedComms";
        TwoRuns runs = fullAndOneLead(example);
        TraceFile full = runs.full(), clustered = runs.clustered();
        assertEquals(List.of(1L, 2L), sendrecvComms(full, 0).subList(0, 2), "pair 0: the first communicator, then the second");
        assertEquals(List.of(2L, 1L), sendrecvComms(full, 2).subList(0, 2), "pair 1: the other order");
        everyRankDecodesAsInFull(example, 4);
        assertEquals(100.0, Comparison.of(full, clustered).comm(), 1e-9, "COMM");
        TraceFile replay = TracedReplay.of(clustered, dir.resolve(example + ".chameleon.mpjt"), dir, 4, "multicore", null);
        for (int r = 0; r < 4; r++) assertEquals(sendrecvComms(full, r), sendrecvComms(replay, r), "rank " + r + "'s communicators, replayed");
        assertEquals(100.0, Comparison.of(full, replay).comm(), 1e-9, "COMM of the replay");
    }

    /** The communicator of each of a rank's Sendrecv calls, in order: a dump's, or as a compressed trace's are rebuilt. */
    private static List<Long> sendrecvComms(TraceFile trace, int rank) {
        RankTrace calls = trace.global() == null ? trace.rank(rank) : ExpandedRank.of(trace, trace.rank(rank));
        List<Long> comms = new ArrayList<>();
        for (int i = 0; i < calls.eventCount(); i++) {
            int b = RankTrace.base(i);
            if (Event.opCode(calls.words(), b) == Op.SENDRECV.code) comms.add((long) Event.comm(calls.words(), b));
        }
        return comms;
    }

    /**
     * A master hands tasks to whichever worker asks first, so no two runs make the same calls and a clustered
     * trace cannot match another run's full trace. Traced with keepDump=true it carries its own run's dump, and
     * {@code compare --kept-dump} measures the clustered trace against that: every worker's own task count
     * and tags, in both clustering modes, although only the leads traced.
     */
    @Test
    void aMasterAndWorkersClusteredKeepEveryCallOfTheirOwnRun() {
        for (String mode : List.of("chameleon", "acurdion")) {
            Path file = dir.resolve("mw." + mode + ".mpjt");
            MpjJobs.Run run = MpjJobs.run("MasterWorker", 8, "multicore", null, file, mode, "keepDump=true,k=2", List.of("tasks=120"));
            MpjJobs.assertSucceeded(run);
            TraceFile trace = run.result().trace();
            Clustering last = trace.markers().clusteringOf(trace.markers().records().get(trace.markers().records().size() - 1));
            assertTrue(last.clusters().size() <= 2, mode + ", k=2: the master and the workers' lead: " + last.clusters().size() + " clusters");
            java.io.StringWriter out = new java.io.StringWriter();
            picocli.CommandLine cli = org.mpjtrace.cli.Main.newCommandLine();
            cli.setOut(new java.io.PrintWriter(out, true));
            assertEquals(0, cli.execute("compare", file.toString(), "--kept-dump"), out.toString());
            for (String p : List.of("COUNT", "# EVENTS", "SRC", "DEST", "TAG"))
                assertTrue(out.toString().matches("(?s).*\\n  " + java.util.regex.Pattern.quote(p) + " +100\\.00%.*"), mode + ", " + p + ": " + out);
            assertTrue(out.toString().contains("A: " + file + " (the dump it kept, 8 ranks)"), out.toString());
            assertTrue(out.toString().contains("ACC not compared: A and B are one run"), out.toString());
        }
        // One run's replays: the kept dump's and the clustered trace's, each through its own replay job.
        Path file = dir.resolve("mw.chameleon.mpjt");
        java.io.StringWriter out = new java.io.StringWriter();
        picocli.CommandLine cli = org.mpjtrace.cli.Main.newCommandLine();
        cli.setOut(new java.io.PrintWriter(out, true));
        assertEquals(0, cli.execute("compare", file.toString(), "--kept-dump", "--replay"), out.toString());
        assertTrue(out.toString().matches("(?s).*\\nACC [0-9.]+% \\(replay wall times: A [0-9.]+ s, B [0-9.]+ s.*"), out.toString());
        assertEquals(2, out.toString().split("mpjtrace replay: wall time", -1).length - 1, "two replays: " + out);
    }
}
