package org.mpjtrace.trace.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.CallTimes;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.OwnArguments;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.RedOpInfo;
import org.mpjtrace.trace.TraceMemory;

/** Traces for the tests: small, but with every field set, negative values and extreme times. */
final class TraceSamples {
    static final int WORLD = 3;

    private TraceSamples() {}

    static JobMeta meta(int worldSize) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("mode", "dump");
        options.put("output", "/tmp/run.mpjt");
        options.put("ring", "4096");
        return new JobMeta("dump", "multicore", worldSize, 1_700_000_000_123L, 1_700_000_042_456L,
                "org.example.Ring", options, "0.1.0-SNAPSHOT");
    }

    static List<CallSite> sites() {
        return List.of(
                new CallSite(0, "org.example.Ring", "main", 12, 0, "mpi.MPI.Init", 0x1234_5678_9abc_def0L),
                new CallSite(1, "org.example.Ring", "main", 20, 0, "mpi.Comm.Send", -7L),
                new CallSite(2, "org.example.Ring", "main", 20, 1, "mpi.Comm.Recv", Long.MIN_VALUE),
                new CallSite(3, "org.example.Ring$Inner", "lambda$run$0", -1, 3, "mpi.Intracomm.Allreduce", Long.MAX_VALUE),
                new CallSite(4, "org.example.Ünïcode", "métode", 99, 0, "mpi.MPI.Finalize", 0));
    }

    /**
     * What the stack signatures of {@link #rank} stand for: every signature with its event's site, with
     * no callers, several, and an unrecorded one.
     */
    static List<CallPath> callPaths() {
        return List.of(
                new CallPath(0x1234_5678_9abc_def0L, 0, new int[0]),
                new CallPath(-7L, 1, new int[] {3, 0}),
                new CallPath(Long.MIN_VALUE, 2, new int[] {4}),
                new CallPath(Long.MAX_VALUE, 3, new int[] {1, 2, 3, 4, 0}),
                new CallPath(5, 1, new int[] {CallPath.UNRECORDED, 4}),
                new CallPath(0, 4, new int[0]));
    }

    /** {@link #writeSample} with the call-path table, written between the ranks and the site table. */
    static Path writeSampleWithPaths(Path file) throws IOException {
        try (TraceWriter writer = TraceWriter.create(file, meta(WORLD))) {
            writer.writeRank(rank(2));
            writer.writeRank(rank(0));
            writer.writeCallPaths(callPaths());
            writer.writeRank(rank(1));
            writer.writeSites(sites());
            writer.commit();
        }
        return file;
    }

    /** One event with every field given; fields a real op would not use are set anyway. */
    static void event(long[] w, int i, Op op, int site, long stack, int comm, int dtype, int peer, int tag, int count,
                      int request, int peer2, int tag2, int count2, int dtype2, int redop, int color, int key,
                      int result, long enter, long exit, long digest) {
        int b = RankTrace.base(i);
        w[b + Event.W_OP_SITE] = Event.pack(op.code, site);
        w[b + Event.W_STACK] = stack;
        w[b + Event.W_COMM_DTYPE] = Event.pack(comm, dtype);
        w[b + Event.W_PEER_TAG] = Event.pack(peer, tag);
        w[b + Event.W_COUNT_REQUEST] = Event.pack(count, request);
        w[b + Event.W_PEER2_TAG2] = Event.pack(peer2, tag2);
        w[b + Event.W_COUNT2_DTYPE2] = Event.pack(count2, dtype2);
        w[b + Event.W_REDOP_COLOR] = Event.pack(redop, color);
        w[b + Event.W_KEY_RESULT] = Event.pack(key, result);
        w[b + Event.W_ENTER] = enter;
        w[b + Event.W_EXIT] = exit;
        w[b + Event.W_DIGEST] = digest;
    }

    /** A rank with a handful of ordinary events and some extreme ones. */
    static RankTrace rank(int rank) {
        int n = 6;
        long[] w = new long[n * Event.WORDS];
        long t0 = 9_000_000_000_000L + rank; // nanoTime of a machine up for hours
        int none = Event.NONE;
        event(w, 0, Op.INIT, 0, 0x1234_5678_9abc_def0L, 0, none, none, none, none, none, none, none, none, none, none, none, none,
                none, t0, t0 + 1_500_000, 0);
        event(w, 1, Op.SEND, 1, -7L, 0, 1, (rank + 1) % WORLD, 42, 1024, none, none, none, none, none, none, none, none, none,
                t0 + 2_000_000, t0 + 2_000_350, 0);
        event(w, 2, Op.RECV, 2, Long.MIN_VALUE, 0, 1, -2 /* ANY_SOURCE */, -1, 1024, none, none, none, none, none, none, none,
                none, none, t0 + 1_999_000, t0 + 3_000_000, 0); // enters before the previous one: negative delta
        event(w, 3, Op.ALLREDUCE, 3, Long.MAX_VALUE, 0, 2, none, none, 8, none, none, none, 8, 2, 0, none, none, none,
                Long.MAX_VALUE, Long.MIN_VALUE, 0xdead_beef_cafe_f00dL); // exit "before" enter, wrapping differences
        event(w, 4, Op.SPLIT, 1, 5, 0, none, Integer.MIN_VALUE, Integer.MAX_VALUE, none, none, -3 /* PROC_NULL */, none, none,
                none, none, rank % 2, -rank, 1, Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE);
        event(w, 5, Op.FINALIZE, 4, 0, none, none, none, none, none, none, none, none, none, none, none, none, none, none,
                -1L, -1L, -1L);
        List<CommInfo> comms = List.of(new CommInfo(0, "Intracomm", WORLD, rank), new CommInfo(1, "Intracomm", -1, -1));
        List<DatatypeInfo> datatypes = List.of(new DatatypeInfo(0, 5, 4, 1), new DatatypeInfo(1, 1, 1, 1),
                new DatatypeInfo(2, 8, 8, 1));
        List<RedOpInfo> redops = List.of(new RedOpInfo(0, 3), new RedOpInfo(1, -17));
        // Paused spans: none on rank 0, one on rank 1, two (one of length 0) on rank 2.
        long[] paused = rank == 0 ? new long[0] : rank == 1 ? new long[] {t0 + 5, t0 + 900}
                : new long[] {Long.MIN_VALUE / 4, Long.MIN_VALUE / 4 + 3, t0, t0};
        RankStats stats = new RankStats(rank * 3L, Long.MAX_VALUE - rank, rank, rank == 1 ? "ring full" : "", TraceMemory.NONE,
                1_234_567_890L * rank, paused);
        // Call arrays: null, empty, negative and extreme elements all come back.
        int[] counts = {1, 2, rank}, displs = {0, 1, 3}, odd = {-5, Integer.MIN_VALUE, Integer.MAX_VALUE}, empty = {};
        List<CallArrays> arrays = List.of(new CallArrays(CallArrays.digestOf(counts, displs, null, null), counts, displs, null, null),
                new CallArrays(CallArrays.digestOf(null, empty, null, odd), null, empty, null, odd));
        // Own arguments: absent fields (-1), negative colours, a hash digest and a long run all come back.
        List<OwnArguments> own = List.of(new OwnArguments(Op.CREATE_INTERCOMM.code, rank + 1, 91, -1, -1, rank, -rank, 0, 1),
                new OwnArguments(Op.ALLGATHERV.code, -1, -1, 3, 7, -1, -1, arrays.get(0).digest(), 1L << 40));
        List<StackSummary> calls = List.of(new StackSummary(-7L, 1, 12_345, -2, rank), new StackSummary(Long.MAX_VALUE, 1L << 40, 1L << 50, StackSummary.VARIES, -1),
                new StackSummary(rank, 3, 0, rank + 1, StackSummary.VARIES,
                        java.util.Map.of(org.mpjtrace.trace.fold.Field.PEER2, ownValues(1, -1, 1), org.mpjtrace.trace.fold.Field.TAG, ownValues(7, 7, 8),
                                org.mpjtrace.trace.fold.Field.COUNT2, ownValues(1L << 40, -3, 0))));
        // Call times: an odd rank keeps none; an even one two threads' with extreme intervals and durations.
        CallTimes.Builder times = CallTimes.builder(t0 - 10_000);
        if (rank % 2 == 0) {
            times.add(0, t0, t0 + 1_500_000);
            times.add(3, Long.MIN_VALUE, Long.MAX_VALUE);
            times.add(0, t0 - 5, t0 - 5);
            times.add(3, 0, -1);
        }
        return new RankTrace(rank, "node-" + rank + ".cluster", t0 - 10_000, n, w, comms, datatypes, redops, stats, arrays, own, calls,
                times.build());
    }

    /** A rank of {@code n} events of pseudo-random but valid content. */
    static RankTrace randomRank(int rank, int n, int siteCount, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Op[] ops = Op.values();
        long[] w = new long[n * Event.WORDS];
        for (int i = 0; i < n; i++) {
            int b = RankTrace.base(i);
            for (int k = 0; k < Event.WORDS; k++) w[b + k] = random.nextLong();
            w[b + Event.W_OP_SITE] = Event.pack(ops[random.nextInt(ops.length)].code, random.nextInt(siteCount));
        }
        return new RankTrace(rank, "host", random.nextLong(), n, w, List.of(), List.of(), List.of(), RankStats.EMPTY);
    }

    /** Writes ranks out of order (2, 0, 1), as they may arrive. */
    static Path writeSample(Path file) throws IOException {
        try (TraceWriter writer = TraceWriter.create(file, meta(WORLD))) {
            writer.writeRank(rank(2));
            writer.writeRank(rank(0));
            writer.writeRank(rank(1));
            writer.writeSites(sites());
            writer.commit();
        }
        return file;
    }

    /**
     * As read back from a file: a rank without calls of its own is in the RANK_TABLE, which keeps no clock
     * and its set-up time to 2.5%.
     */
    static void assertSameRank(RankTrace expected, RankTrace actual) {
        assertSameRank(expected, actual, expected.eventCount() == 0 && expected.times().isEmpty());
    }

    /** As a payload carries it: every figure exactly. */
    static void assertSameRankExactly(RankTrace expected, RankTrace actual) {
        assertSameRank(expected, actual, false);
    }

    private static void assertSameRank(RankTrace expected, RankTrace actual, boolean tabled) {
        assertEquals(expected.rank(), actual.rank());
        String r = "rank " + expected.rank() + ": ";
        assertEquals(expected.host(), actual.host(), r + "host");
        assertEquals(tabled ? 0 : expected.initNanos(), actual.initNanos(), r + "initNanos");
        assertEquals(expected.eventCount(), actual.eventCount(), r + "eventCount");
        assertArrayEquals(expected.words(), actual.words(), r + "words");
        assertEquals(expected.comms(), actual.comms(), r + "comms");
        assertEquals(expected.datatypes(), actual.datatypes(), r + "datatypes");
        assertEquals(expected.redops(), actual.redops(), r + "redops");
        RankStats stats = expected.stats();
        if (tabled) {
            long setup = stats.setupNanos(), read = actual.stats().setupNanos();
            assertTrue(setup == 0 ? read == 0 : Math.abs(read - setup) <= setup * 0.025 + 500, r + "set-up " + read + " for " + setup);
            stats = new RankStats(stats.ringWaits(), stats.ringWaitNanos(), stats.internalErrors(), stats.disabledReason(), stats.memory(), read,
                    stats.paused());
        }
        assertEquals(stats, actual.stats(), r + "stats");
        assertEquals(expected.arrays().size(), actual.arrays().size(), r + "call arrays");
        for (int i = 0; i < expected.arrays().size(); i++) {
            CallArrays e = expected.arrays().get(i), a = actual.arrays().get(i);
            assertEquals(e.digest(), a.digest(), r + "call arrays " + i);
            assertArrayEquals(e.a1(), a.a1(), r + "call arrays " + i + " a1");
            assertArrayEquals(e.a2(), a.a2(), r + "call arrays " + i + " a2");
            assertArrayEquals(e.a3(), a.a3(), r + "call arrays " + i + " a3");
            assertArrayEquals(e.a4(), a.a4(), r + "call arrays " + i + " a4");
        }
        assertEquals(expected.ownArguments(), actual.ownArguments(), r + "own arguments");
        assertEquals(expected.stackSummaries(), actual.stackSummaries(), r + "stack summaries");
        assertEquals(expected.times(), actual.times(), r + "call times");
    }

    /** Asserts the message is fit for one line of output and begins with the source's name. */
    static String assertOneLine(TraceFormatException e, String source) {
        String m = e.getMessage();
        assertTrue(m.startsWith(source + ": "), "message names " + source + ": " + m);
        assertTrue(m.lines().count() == 1 && !m.contains("\r") && !m.contains("\n"), "one line: " + m);
        return m;
    }

    static List<RankTrace> sampleRanks() {
        List<RankTrace> ranks = new ArrayList<>();
        for (int r = 0; r < WORLD; r++) ranks.add(rank(r));
        return ranks;
    }

    /**
     * Writes {@code bytes} as {@code file} and returns the one-line message reading it gives; fails the
     * test when reading succeeds or throws anything but a TraceFormatException.
     */
    static String readFailure(java.nio.file.Path file, byte[] bytes) throws Exception {
        java.nio.file.Files.write(file, bytes);
        try {
            TraceReader.read(file);
        } catch (TraceFormatException e) {
            return assertOneLine(e, file.toString());
        } catch (Throwable t) {
            throw new AssertionError("not a TraceFormatException: " + t, t);
        }
        return org.junit.jupiter.api.Assertions.fail("read without complaint");
    }

    static void assertContains(String message, String... parts) {
        for (String part : parts) assertTrue(message.contains(part), "'" + part + "' in: " + message);
    }

    /** A stack's own values (format 15), as a rank keeps them. */
    static org.mpjtrace.trace.fold.ValueSeq ownValues(long... values) {
        org.mpjtrace.trace.fold.ValueSeq v = new org.mpjtrace.trace.fold.ValueSeq();
        for (long x : values) v.append(x);
        return v;
    }
}
