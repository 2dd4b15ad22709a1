package org.mpjtrace.cli.export;

import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.RedOpInfo;
import org.mpjtrace.trace.TraceFile;

/**
 * Whole-run benchmark of the writers (not a test): a synthetic dump held in memory, {@code CALLS} calls
 * over 16 ranks (a ring of Isend, Irecv and Waitall with an Allreduce every 10 steps), written by
 * {@link JsonLinesWriter}, {@link ChromeTraceWriter} and the Paraver export (its .prv, .pcf and .row:
 * {@link ParaverTimeline} collecting, {@link PrvWriter} merging) into sinks that count and discard the bytes, each
 * {@code ROUNDS} times after one warm-up round. Prints calls per second per round and the heap in use after.
 * Run by bench/export-throughput.sh.
 */
public final class ExportThroughput {
    static final int RANKS = 16;

    public static void main(String[] args) throws Exception {
        long calls = args.length > 0 ? Long.parseLong(args[0]) : 2_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        TraceFile trace = dump((int) (calls / RANKS));
        long total = 0;
        for (RankTrace r : trace.ranks()) total += r.eventCount();
        System.out.printf("synthetic dump: %d ranks, %,d calls, %d MB of records%n", RANKS, total, total * Event.WORDS * 8 / 1_000_000);
        for (int round = 0; round <= rounds; round++) {
            CountingStream w = new CountingStream();
            long t0 = System.nanoTime();
            JsonLinesWriter jsonl = new JsonLinesWriter(trace, w);
            for (RankTrace r : trace.ranks()) jsonl.write(r, false, -1);
            long t1 = System.nanoTime();
            CountingStream s = new CountingStream();
            new ChromeTraceWriter(trace, "synthetic", false).write(s);
            long t2 = System.nanoTime();
            CountingStream p = new CountingStream();
            long t3;
            long held;
            try (ParaverTimeline timeline = ParaverTimeline.of(trace, false)) {
                ParaverObjects objects = new ParaverObjects(timeline);
                PrvWriter.write(trace, timeline, objects, p);
                ParaverPcf.write(trace, timeline.unknownOps, p);
                objects.writeRow(p);
                t3 = System.nanoTime();
                held = held(timeline);
            }
            System.out.printf("%s jsonl %,.0f calls/s (%,d MB)   chrome %,.0f calls/s (%,d MB)   paraver %,.0f calls/s (%,d MB)%n",
                    round == 0 ? "warm-up" : "round " + round, total / ((t1 - t0) / 1e9), w.bytes / 1_000_000,
                    total / ((t2 - t1) / 1e9), s.bytes / 1_000_000, total / ((t3 - t2) / 1e9), p.bytes / 1_000_000);
            if (round == rounds) System.out.printf("the Paraver export's calls and messages held in memory: %d MB%n", held >> 20);
        }
        System.gc();
        Runtime rt = Runtime.getRuntime();
        System.out.printf("heap in use after a GC: %d MB of -Xmx %d MB%n", (rt.totalMemory() - rt.freeMemory()) >> 20, rt.maxMemory() >> 20);
    }

    /** The bytes of the arrays a Paraver timeline holds (with 4-byte references, as under a heap below 32 GB). */
    private static long held(ParaverTimeline t) {
        long bytes = (long) t.recvPosted.length * (3 * 8 + 4 + 4);
        for (ParaverTimeline.Stream[] rank : t.ranks)
            for (ParaverTimeline.Stream s : rank) bytes += s.heldBytes();
        return bytes;
    }

    /** Every rank: Init; steps x (Irecv from left, Isend to right, Waitall; Allreduce every 10th); Finalize. */
    static TraceFile dump(int callsPerRank) {
        List<RankTrace> ranks = new ArrayList<>();
        for (int r = 0; r < RANKS; r++) ranks.add(rank(r, callsPerRank));
        return new TraceFile(meta(), SITES, ranks);
    }

    static final List<CallSite> SITES = List.of(
            new CallSite(0, "org.example.Ring", "main", 10, 0, "mpi.MPI.Init", 1L),
            new CallSite(1, "org.example.Ring", "step", 20, 0, "mpi.Comm.Irecv", 2L),
            new CallSite(2, "org.example.Ring", "step", 21, 0, "mpi.Comm.Isend", 3L),
            new CallSite(3, "org.example.Ring", "step", 22, 0, "mpi.Request.Waitall", 4L),
            new CallSite(4, "org.example.Ring", "main", 30, 0, "mpi.Intracomm.Allreduce", 5L),
            new CallSite(5, "org.example.Ring", "main", 40, 0, "mpi.MPI.Finalize", 6L));

    static JobMeta meta() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("mode", "dump");
        return new JobMeta("dump", "multicore", RANKS, 0L, 1L, "org.example.Ring", options, "0.1.0");
    }

    /** One rank of {@link #dump}. */
    static RankTrace rank(int r, int callsPerRank) {
        long[] w = new long[callsPerRank * Event.WORDS];
        int n = 0;
        long t = 1_000_000_000L;
        n = put(w, n, Op.INIT, 0, 0, -1, -1, -1, -1, t, t += 1000);
        int step = 0;
        while (n + 5 < callsPerRank) {
            n = put(w, n, Op.IRECV, 1, 0, (r + RANKS - 1) % RANKS, 7, 100, 0, t += 500, t += 300);
            n = put(w, n, Op.ISEND, 2, 0, (r + 1) % RANKS, 7, 100, 1, t += 500, t += 300);
            n = put(w, n, Op.WAITALL, 3, -1, -1, -1, 2, -1, t += 500, t += 3000);
            if (++step % 10 == 0) n = put(w, n, Op.ALLREDUCE, 4, 0, -1, -1, 1, -1, t += 500, t += 5000);
        }
        n = put(w, n, Op.FINALIZE, 5, -1, -1, -1, -1, -1, t += 500, t);
        long[] exact = java.util.Arrays.copyOf(w, n * Event.WORDS);
        return new RankTrace(r, "node", 1_000_000_000L, n, exact, List.of(new CommInfo(0, "Intracomm", RANKS, r)),
                List.of(new DatatypeInfo(0, 8, 8, 1)), List.of(new RedOpInfo(0, 3)), RankStats.EMPTY);
    }

    private static int put(long[] w, int n, Op op, int site, int comm, int peer, int tag, int count, int req, long enter, long exit) {
        int b = n * Event.WORDS;
        java.util.Arrays.fill(w, b, b + Event.WORDS, Event.pack(Event.NONE, Event.NONE));
        w[b + Event.W_OP_SITE] = Event.pack(Event.opAndThread(op.code, 0), site);
        w[b + Event.W_STACK] = site + 1;
        w[b + Event.W_COMM_DTYPE] = Event.pack(comm, count >= 0 && op != Op.WAITALL ? 0 : Event.NONE);
        w[b + Event.W_PEER_TAG] = Event.pack(peer, tag);
        w[b + Event.W_COUNT_REQUEST] = Event.pack(count, req);
        if (op == Op.ALLREDUCE) w[b + Event.W_REDOP_COLOR] = Event.pack(0, Event.NONE);
        w[b + Event.W_ENTER] = enter;
        w[b + Event.W_EXIT] = exit;
        w[b + Event.W_DIGEST] = 0;
        return n + 1;
    }

    private static final class CountingStream extends OutputStream {
        long bytes;

        @Override public void write(int b) { bytes++; }
        @Override public void write(byte[] b, int off, int len) { bytes += len; }
    }
}
