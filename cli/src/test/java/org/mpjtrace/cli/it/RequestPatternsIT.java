package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fold.EventRecords;
import org.mpjtrace.trace.global.GlobalExpansion;
import org.mpjtrace.trace.io.TraceReader;

/**
 * Issue 33 item 3 on real jobs: RequestPatterns (request arrays holding MPI.REQUEST_NULL, in another order
 * than their requests were made, Waitany, Waitsome, Testany, Testsome and Testall over partly completed
 * arrays, Wait on MPI.REQUEST_NULL, a Struct of empty arrays) on 4 ranks is traced and replayed, the
 * replay traced in dump mode, and each rank's replay makes the calls the rank made, each array call on
 * the same requests in the same places: every entry is named by the call that made its request (op,
 * peer relative to the rank, tag), or as null. Before, every one of these replays stopped on its first
 * Waitall ("a call names 5 requests, but only 4 are pending").
 */
class RequestPatternsIT {
    private static final List<String> ARGS = List.of("steps=3", "--calls");

    @TempDir
    Path dir;

    @Test
    void aFullTraceReplaysEveryArrayWithItsRequestsInTheirPlaces() {
        Path file = dir.resolve("rp-full.mpjt");
        MpjJobs.Run run = MpjJobs.run("RequestPatterns", 4, "multicore", null, file, "full", "keepDump=true", ARGS);
        MpjJobs.assertSucceeded(run);
        TraceFile trace = run.result().trace();
        assertEquals(CallLists.printed(run.out()), CallLists.traced(trace), "the trace holds the calls the program made");
        List<String> rank1 = requestCalls(trace).get(1);
        assertTrue(rank1.contains("Waitall -1 5 [Irecv @1 2 tag 2, null, Isend @-1 2 tag 2, Irecv @-1 2 tag 1, Isend @1 2 tag 1]"), rank1.toString());
        assertTrue(rank1.contains("Testsome -1 4 [null, Irecv @1 2 tag 6, null, Irecv @-1 2 tag 5]"), "Testany completed the first: " + rank1);
        assertTrue(rank1.contains("Wait -1 1 [null]"), "Wait on MPI.REQUEST_NULL: " + rank1);
        assertTrue(rank1.stream().noneMatch(c -> c.contains("unknown")), rank1.toString());
        assertEquals(requestCalls(trace), requestCalls(TracedReplay.of(trace, file, dir, 4, "multicore", null)));
    }

    @Test
    void aDumpTraceReplaysEveryArrayWithItsRequestsInTheirPlaces() {
        Path file = dir.resolve("rp-dump.mpjt");
        MpjJobs.Run run = MpjJobs.run("RequestPatterns", 4, "multicore", null, file, "dump", null, ARGS);
        MpjJobs.assertSucceeded(run);
        TraceFile trace = run.result().trace();
        assertEquals(requestCalls(trace), requestCalls(TracedReplay.of(trace, file, dir, 4, "multicore", null)));
    }

    /**
     * Chameleon with a marker in every exchange: the ranks (alike round the ring) form one cluster early
     * and the lead's calls, requests and arrays stand for every rank; each rank's replay makes the calls
     * the rank printed (before, the replay stopped at the first Waitall).
     */
    @Test
    void aClusteredTraceReplaysTheCallsEveryRankMade() {
        Path file = dir.resolve("rp-chameleon.mpjt");
        MpjJobs.Run run = MpjJobs.run("RequestPatterns", 4, "multicore", null, file, "chameleon",
                "marker=site:RequestPatterns.exchange,k=2", List.of("steps=6", "--calls"));
        MpjJobs.assertSucceeded(run);
        TraceFile trace = run.result().trace();
        assertTrue(trace.markers().clusterings().get(0).clusters().size() < 4, "some ranks share a lead");
        assertEquals(CallLists.printed(run.out()), CallLists.traced(TracedReplay.of(trace, file, dir, 4, "multicore", null)));
    }

    /**
     * AnyOrder: Waitany over receives from every rank, each taken set to MPI.REQUEST_NULL, and Testsome over the
     * sends alike. The replay completes the requests in an order of its own, and still makes every call the
     * rank made, as many of each (before, a replay whose order differed waited forever in MPJ on an array
     * whose requests it had all finished).
     */
    @Test
    void aWaitanyLoopReplayedInItsOwnOrderMakesEveryCall() {
        Path file = dir.resolve("any-dump.mpjt");
        MpjJobs.Run run = MpjJobs.run(MpjJobs.PACKAGE + "requests.AnyOrder", 4, "multicore", null, file, "dump", null, List.of("steps=4", "--calls"));
        MpjJobs.assertSucceeded(run);
        TraceFile trace = run.result().trace();
        assertEquals(CallLists.printed(run.out()), CallLists.traced(trace), "the trace holds the calls the program made");
        TraceFile replay = TracedReplay.of(trace, file, dir, 4, "multicore", null);
        for (int r = 0; r < 4; r++) assertEquals(opCounts(trace.rank(r)), opCounts(replay.rank(r)), "rank " + r);
    }

    private static Map<String, Integer> opCounts(RankTrace rank) {
        Map<String, Integer> n = new TreeMap<>();
        for (int i = 0; i < rank.eventCount(); i++) n.merge(Op.ofCode(Event.opCode(rank.words(), RankTrace.base(i))).mpjName, 1, Integer::sum);
        return n;
    }

    /**
     * A trace of format version 9 (Stencil2D, 4 ranks, mode full, Waitall on 8 requests every step) names
     * its arrays' requests only by a digest: they are still found among the pending requests.
     */
    @Test
    void aVersion9TraceStillReplaysItsArrayCalls() throws Exception {
        // The fuzz corpus's stencil2d-full-ctx.mpjt as it was before version 10 (see its README).
        Path file = fixture();
        TraceFile trace = TraceReader.read(file);
        Map<Integer, List<String>> want = new TreeMap<>();
        for (int r = 0; r < 4; r++) want.put(r, expanded(trace, r));
        assertTrue(want.get(0).stream().anyMatch(c -> c.startsWith("Waitall ")), want.get(0).toString());
        Map<Integer, List<String>> got = CallLists.perRank(TracedReplay.of(trace, file, dir, 4, "multicore", null), RequestPatternsIT::plain);
        assertEquals(want, got);
    }

    private static Path fixture() throws URISyntaxException {
        return Path.of(RequestPatternsIT.class.getResource("/formats/version9-stencil2d-full-ctx.mpjt").toURI());
    }

    /** The calls the global trace gives {@code rank}, as {@link #plain}. */
    private static List<String> expanded(TraceFile trace, int rank) {
        List<String> calls = new ArrayList<>();
        long[] w = new long[Event.WORDS];
        GlobalExpansion.expand(trace.global(), rank, (e, values) -> {
            EventRecords.toRecord(e.op(), e.thread(), e.site(), e.stack(), values, rank, trace.meta().worldSize(), w, 0);
            calls.add(plain(rank, w, 0));
        });
        return calls;
    }

    /** Op, peer relative to the rank, count. */
    private static String plain(int rank, long[] w, int b) {
        int peer = Event.projectedPeer(w, b);
        return Op.ofCode(Event.opCode(w, b)).mpjName + " " + (peer >= 0 ? "@" + (peer - rank) : String.valueOf(peer)) + " " + Event.projectedCount(w, b);
    }

    /**
     * Each rank's calls as {@link #plain}, with the tag of a point-to-point call and, for a call on
     * requests, each request as the call that made it (the ids themselves differ between a run and its
     * replay, whose call sites are the replayer's).
     */
    private static Map<Integer, List<String>> requestCalls(TraceFile trace) {
        Map<Integer, List<String>> byRank = new TreeMap<>();
        for (RankTrace r : trace.ranks()) {
            Map<Long, CallArrays> arrays = new HashMap<>();
            for (CallArrays a : r.arrays()) arrays.put(a.digest(), a);
            Map<Integer, String> madeBy = new HashMap<>();
            List<String> calls = new ArrayList<>();
            for (int i = 0; i < r.eventCount(); i++) {
                long[] w = r.words();
                int b = RankTrace.base(i);
                Op op = Op.ofCode(Event.opCode(w, b));
                String call = plain(r.rank(), w, b);
                if (op.family == Op.Family.P2P) {
                    call += " tag " + Event.tag(w, b);
                    if (Event.request(w, b) >= 0) madeBy.put(Event.request(w, b), call);
                } else if (op.family == Op.Family.COMPLETION) {
                    CallArrays a = arrays.get(Event.digest(w, b));
                    int[] ids = a == null ? new int[] {Event.request(w, b)} : a.a1();
                    List<String> named = new ArrayList<>();
                    for (int id : ids) named.add(id == Event.REQUEST_NULL ? "null" : madeBy.getOrDefault(id, "unknown " + id));
                    call += " " + named;
                }
                calls.add(call);
            }
            byRank.put(r.rank(), calls);
        }
        return byRank;
    }
}
