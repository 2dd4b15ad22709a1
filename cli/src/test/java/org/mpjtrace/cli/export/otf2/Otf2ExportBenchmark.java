package org.mpjtrace.cli.export.otf2;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpjtrace.signatures.Mix64;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.global.GlobalExpansion;
import org.mpjtrace.trace.io.TraceReader;

/**
 * The export's throughput (bench/otf2-export.sh runs it), written ROUNDS times to OUT: over a synthetic
 * dump of RANKS ranks of CALLS calls each, a ring exchange repeated (Isend to the right, Irecv from the
 * left, Waitall of both, Allreduce, Sendrecv), or over a trace file. Prints calls per second of each
 * round and the process's peak resident memory. Not a test.
 *
 * <p>Usage: Otf2ExportBenchmark RANKS CALLS ROUNDS OUT, or Otf2ExportBenchmark FILE.mpjt ROUNDS OUT
 */
public final class Otf2ExportBenchmark {
    private static final Op[] PATTERN = {Op.ISEND, Op.IRECV, Op.WAITALL, Op.ALLREDUCE, Op.SENDRECV};

    public static void main(String[] args) throws Exception {
        boolean file = args.length == 3;
        TraceFile trace = file ? TraceReader.read(Path.of(args[0])) : synthetic(Integer.parseInt(args[0]), Integer.parseInt(args[1]));
        int rounds = Integer.parseInt(args[file ? 1 : 2]);
        Path out = Path.of(args[file ? 2 : 3]);
        long total = 0;
        for (RankTrace r : trace.ranks())
            total += r.eventCount() > 0 || trace.global() == null ? r.eventCount() : GlobalExpansion.callsUpTo(trace.global(), r.rank(), Long.MAX_VALUE - 1);
        for (int i = 0; i < rounds; i++) {
            long t0 = System.nanoTime();
            Otf2Export.write(trace, out);
            double s = (System.nanoTime() - t0) / 1e9;
            System.out.printf("round %d: %d calls in %.2f s: %.2f M calls/s%n", i + 1, total, s, total / s / 1e6);
        }
        System.out.println("archive: " + size(out) / (1 << 20) + " MiB; peak RSS of this JVM: "
                + Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("VmHWM")).findFirst().orElse("?"));
    }

    private static TraceFile synthetic(int ranks, int calls) {
        List<RankTrace> sections = new ArrayList<>();
        for (int r = 0; r < ranks; r++) sections.add(rank(r, ranks, calls));
        return new TraceFile(new JobMeta("dump", "multicore", ranks, 0, 1, "Bench", Map.of(), "0.1.0"), List.of(), sections);
    }

    private static RankTrace rank(int rank, int ranks, int calls) {
        long[] w = new long[calls * Event.WORDS];
        long waitall = Mix64.combine(Mix64.combine(2, 0), 1);
        long time = 0;
        for (int i = 0; i < calls; i++) {
            int b = RankTrace.base(i);
            Op op = PATTERN[i % PATTERN.length];
            int right = (rank + 1) % ranks, left = (rank + ranks - 1) % ranks;
            w[b + Event.W_OP_SITE] = Event.pack(Event.opAndThread(op.code, 0), i % PATTERN.length);
            w[b + Event.W_COMM_DTYPE] = Event.pack(0, 0);
            w[b + Event.W_PEER_TAG] = Event.pack(op == Op.IRECV ? left : op == Op.ALLREDUCE || op == Op.WAITALL ? Event.NONE : right, 1);
            w[b + Event.W_COUNT_REQUEST] = Event.pack(op == Op.WAITALL ? 2 : 16, op == Op.ISEND ? 0 : op == Op.IRECV ? 1 : Event.NONE);
            w[b + Event.W_PEER2_TAG2] = Event.pack(op == Op.SENDRECV ? left : Event.NONE, op == Op.SENDRECV ? 1 : Event.NONE);
            w[b + Event.W_COUNT2_DTYPE2] = Event.pack(op == Op.SENDRECV || op == Op.ALLREDUCE ? 16 : Event.NONE, op == Op.SENDRECV || op == Op.ALLREDUCE ? 0 : Event.NONE);
            w[b + Event.W_REDOP_COLOR] = Event.pack(Event.NONE, Event.NONE);
            w[b + Event.W_KEY_RESULT] = Event.pack(Event.NONE, Event.NONE);
            w[b + Event.W_ENTER] = time += 1_000;
            w[b + Event.W_EXIT] = time += 500;
            w[b + Event.W_DIGEST] = op == Op.WAITALL ? waitall : 0;
        }
        return new RankTrace(rank, "bench", 0, calls, w, List.of(new CommInfo(0, "Intracomm", ranks, rank)),
                List.of(new DatatypeInfo(0, 8, 8, 1)), List.of(), RankStats.EMPTY);
    }

    private static long size(Path dir) throws Exception {
        try (var s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }
}
