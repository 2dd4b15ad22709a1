package org.mpjtrace.runtime.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.mpjtrace.runtime.sink.FoldBenchSupport;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.global.TraceMerge;
import org.mpjtrace.trace.io.GlobalCodec;
import org.mpjtrace.trace.io.TraceFormatException;
import org.mpjtrace.trace.ranks.RankSet;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The work of one L-state merge of mode chameleon, Stencil2D on a 4x4 grid with its nine clusters: each
 * lead's partial trace of one marker interval (100 steps) as its cluster's block and encoded as a
 * message, and rank 0's part, decoding the eight other leads' messages and merging the nine blocks.
 *
 * <p>Run: see docs/benchmarks.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class LeadMergeBenchmark {
    private static final int[] LEADS = {0, 1, 3, 4, 5, 7, 12, 13, 15};
    private static final RankSet[] MEMBERS = {RankSet.of(0), RankSet.of(1, 2), RankSet.of(3), RankSet.of(4, 8), RankSet.of(5, 6, 9, 10),
            RankSet.of(7, 11), RankSet.of(12), RankSet.of(13, 14), RankSet.of(15)};

    private final List<List<org.mpjtrace.trace.fold.TraceNode>> partials = new ArrayList<>();
    private final List<byte[]> messages = new ArrayList<>();
    private final List<GlobalTrace> blocks = new ArrayList<>();

    @Setup
    public void leadsAtAMarker() {
        for (int i = 0; i < LEADS.length; i++) {
            partials.add(FoldBenchSupport.stencilPartialTrace(LEADS[i], 4, 4, 100));
            blocks.add(GlobalTrace.ofRanks(MEMBERS[i], partials.get(i)));
            messages.add(GlobalCodec.encode(blocks.get(i)));
        }
    }

    /** One lead: its partial trace as its cluster's block, encoded (the interior lead's, the largest). */
    @Benchmark
    public byte[] leadEncodes() {
        return GlobalCodec.encode(GlobalTrace.ofRanks(MEMBERS[4], partials.get(4)));
    }

    /** Rank 0: the eight other leads' messages decoded. */
    @Benchmark
    public List<GlobalTrace> rootDecodes() throws TraceFormatException {
        List<GlobalTrace> decoded = new ArrayList<>();
        for (int i = 1; i < messages.size(); i++) decoded.add(GlobalCodec.decode(messages.get(i)));
        return decoded;
    }

    /** Rank 0: the nine blocks merged, one after the other as they arrive. */
    @Benchmark
    public GlobalTrace rootMerges() {
        GlobalTrace merged = blocks.get(0);
        for (int i = 1; i < blocks.size(); i++) merged = TraceMerge.merge(merged, blocks.get(i));
        return merged;
    }
}
