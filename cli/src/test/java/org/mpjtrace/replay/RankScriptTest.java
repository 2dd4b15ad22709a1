package org.mpjtrace.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import mpi.MPIException;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.fixtures.EventBuilder;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.TraceMemory;
import org.mpjtrace.trace.fold.EventRecords;
import org.mpjtrace.trace.fold.Histogram;
import org.mpjtrace.trace.fold.TraceFolding;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.ranks.RankSet;

/** What a rank of a clustered trace replays when it stands in its lead's place. */
class RankScriptTest {
    private static final int WORLD = 4;
    private static final long ORIGIN = 1_000_000_000L;

    /**
     * The ring's last rank as the lead of every rank: it sends to rank 0 and receives from rank 2. Offsets
     * count round COMM_WORLD, so its send is "rank + 1" like every other rank's, not "rank - 3", and each
     * rank standing in its place replays its own ring neighbours.
     */
    @Test
    void theRingsLastRankStandsForEveryRankOfTheRing() {
        TraceFile trace = clusteredRing(3);
        for (int r = 0; r < WORLD; r++) {
            List<String> calls = new ArrayList<>();
            long n = new RankScript(trace, r).play(0, new ComputeClock(false, 1, 1.0), (w, b) -> calls.add(Op.ofCode(Event.opCode(w, b)).mpjName + " " + Event.peer(w, b)));
            String send = "Isend " + (r + 1) % WORLD, recv = "Irecv " + (r + WORLD - 1) % WORLD;
            assertEquals(List.of(send, recv, send, recv), calls, "rank " + r);
            assertEquals(4, n);
        }
    }

    /** A dump replays the exact time between calls, except the tracer's set-up after Init, which was not the program's. */
    @Test
    void aDumpReplaysTheTimeBetweenCallsButNotTheTracersSetUp() {
        long setup = 40_000_000L;
        EventBuilder[] events = {
                new EventBuilder(Op.INIT, 0, ORIGIN).comm(0).at(0, 1_000),
                new EventBuilder(Op.BARRIER, 1, ORIGIN).comm(0).at(1_000 + setup + 500, 2_000 + setup),
                new EventBuilder(Op.BARRIER, 2, ORIGIN).comm(0).at(2_300 + setup, 3_000 + setup)};
        RankTrace rank = new RankTrace(0, "h", ORIGIN, events.length, EventBuilder.words(events), List.of(), List.of(), List.of(),
                new RankStats(0, 0, 0, "", TraceMemory.NONE, setup));
        TraceFile dump = new TraceFile(new JobMeta("dump", "multicore", 1, 0, 1, "Tour", Map.of(), "0.1.0"), List.of(), List.of(rank));
        ComputeClock clock = new ComputeClock(false, 1, 1.0);
        assertEquals(3, new RankScript(dump, 0).play(0, clock, (w, b) -> {}));
        assertEquals(500 + 300, clock.totalNanos());
    }

    /** Mode full with timing=lossless replays each thread's own intervals, as a dump does, not its calls' mean compute times. */
    @Test
    void aLosslessTraceReplaysEachThreadsOwnIntervalsNotTheMeans() throws Exception {
        TraceFile trace = org.mpjtrace.trace.io.TraceReader.read(org.mpjtrace.cli.CorpusFiles.path("threads-full-lossless"));
        for (RankTrace section : trace.ranks()) {
            org.junit.jupiter.api.Assertions.assertFalse(section.times().isEmpty());
            for (int thread = 0; thread < 2; thread++) {
                // What the thread's own times say it computed: every interval but the first, less the tracer's set-up after Init.
                org.mpjtrace.trace.CallTimes.Clock own = section.times().clock(section.initNanos());
                long expected = 0, lastExit = Long.MIN_VALUE, calls = 0;
                while (own.next(thread)) {
                    if (lastExit != Long.MIN_VALUE) expected += Math.max(0, own.enter() - lastExit);
                    lastExit = own.exit() + (calls == 0 && thread == 0 ? section.stats().setupNanos() : 0);
                    calls++;
                }
                long[] now = {0};
                ComputeClock clock = new ComputeClock(false, 1, () -> now[0] += 1_000_000_000L); // every wait over at once
                long played = new RankScript(trace, section.rank()).play(thread, clock, (w, b) -> {});
                assertEquals(calls, played, "rank " + section.rank() + " thread " + thread);
                assertEquals(expected, clock.totalNanos(), "rank " + section.rank() + " thread " + thread);
            }
        }
    }

    /**
     * Rebuilt before the clock starts, a rank's calls are the ones it rebuilds as it plays, each with the same
     * computation before it: each thread's own intervals of a lossless trace, each call's histogram of another.
     */
    @Test
    void callsRebuiltAheadAreTheCallsAndComputationsTheScriptGivesAsItPlays() throws Exception {
        TraceFile lossless = org.mpjtrace.trace.io.TraceReader.read(org.mpjtrace.cli.CorpusFiles.path("threads-full-lossless"));
        TraceFile ring = clusteredRing(3);
        for (TraceFile trace : List.of(lossless, ring)) {
            for (int r = 0; r < trace.meta().worldSize(); r++) {
                RankScript asPlayed = new RankScript(trace, r), ahead = new RankScript(trace, r);
                ahead.rebuildAhead(Long.MAX_VALUE);
                for (int thread = 0; thread < asPlayed.threads(); thread++) {
                    List<String> want = played(asPlayed, thread), got = played(ahead, thread);
                    assertEquals(want, got, trace.meta().mainClass() + " rank " + r + " thread " + thread);
                    assertTrue(want.size() > 1, want.toString());
                }
            }
        }
        // Both kinds of computation were compared: the lossless trace's intervals and the ring's histograms.
        assertTrue(played(new RankScript(lossless, 0), 0).stream().anyMatch(c -> c.startsWith("interval")));
        assertTrue(played(new RankScript(ring, 0), 0).stream().anyMatch(c -> c.startsWith("histogram")));
    }

    /** A thread with more calls than its budget is not rebuilt ahead: it is rebuilt as it plays, all its calls. */
    @Test
    void aThreadOverItsBudgetIsRebuiltAsItPlays() throws Exception {
        RankScript script = new RankScript(clusteredRing(3), 1);
        assertNull(CallsAhead.of(script, 0, 3));
        assertEquals(4, CallsAhead.of(script, 0, 4).calls());
        script.rebuildAhead(3);
        assertEquals(List.of("Isend 2", "Irecv 0", "Isend 2", "Irecv 0"), played(script, 0).stream()
                .filter(c -> !c.startsWith("histogram") && !c.startsWith("interval")).map(c -> c.substring(0, c.indexOf(" @"))).toList());
    }

    /** Each computation the script asks for and each call it makes (op, peer, tag, count and the words of its record), in order. */
    private static List<String> played(RankScript script, int thread) throws MPIException {
        List<String> log = new ArrayList<>();
        Computation recorder = new Computation() {
            @Override
            public void compute(Histogram h) {
                if (h != null) log.add("histogram " + h.count() + " " + h.mean());
            }

            @Override
            public void compute(long nanos) {
                log.add("interval " + nanos);
            }

            @Override
            public void called(long nanos) {
            }
        };
        script.play(thread, recorder, (w, b) -> log.add(Op.ofCode(Event.opCode(w, b)).mpjName + " " + Event.peer(w, b)
                + " @" + Arrays.toString(Arrays.copyOfRange(w, b, b + Event.WORDS))));
        return log;
    }

    private static TraceFile clusteredRing(int lead) {
        List<EventBuilder> events = new ArrayList<>();
        long t = 0;
        for (int step = 0; step < 2; step++) {
            events.add(new EventBuilder(Op.ISEND, 1, ORIGIN).peer((lead + 1) % WORLD).tag(7).count(8).comm(0).req(0).at(t += 500, t += 1_000));
            events.add(new EventBuilder(Op.IRECV, 2, ORIGIN).peer((lead + WORLD - 1) % WORLD).tag(7).count(8).comm(0).req(1).at(t += 500, t += 1_000));
        }
        long[] w = EventBuilder.words(events.toArray(new EventBuilder[0]));
        TraceFolding folding = new TraceFolding();
        long previousExit = ORIGIN;
        for (int i = 0; i < events.size(); i++) {
            folding.append(EventRecords.toNode(w, RankTrace.base(i), lead, WORLD, previousExit));
            previousExit = Event.exit(w, RankTrace.base(i));
        }
        GlobalTrace global = GlobalTrace.ofRanks(RankSet.range(0, WORLD, 1), folding.nodes());
        JobMeta meta = new JobMeta("chameleon", "multicore", WORLD, 0, 1, "Ring", Map.of(), "0.1.0");
        return new TraceFile(meta, List.of(), List.of(), List.of(), global);
    }
}
