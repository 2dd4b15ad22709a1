package org.mpjtrace.proxy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.mpjtrace.replay.ReplayedCalls;
import org.mpjtrace.runtime.sink.RankLoopFolder;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fold.TraceFolding;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.global.TraceMerge;

/**
 * What a proxy is written from: every rank's calls as a replay makes them ({@link ReplayedCalls}: a
 * clustered trace's members from their leads, a dump's ranks from their records), folded again per rank
 * as the tracer folds them and merged across ranks as the tracer merges them. Whatever the trace's mode,
 * the proxy then has one loop-compressed trace in which every rank's sequence is exact (no loop counts
 * fitted, no lead's values standing for a member), with ranklists saying which ranks make each call; its
 * size follows the program's structure, not the run's length.
 *
 * <p>Cost: one expansion of every rank's calls (about a second per million calls); memory stays at the
 * compressed size, except with the gaps kept ({@code --compute exact}), 8 bytes a call.
 *
 * @param calls   the merged trace of every rank
 * @param threads the most threads any rank called MPJ from
 * @param gaps    per rank, per thread, the computation before each call but Init (as the trace recorded
 *                it), or null when not asked for
 * @param turns   per rank, the turns its threads took on communicators more than one of them called
 *                ({@link ReplayedCalls#turns}; null for a rank with none), or null when no rank has any
 * @param ends    with the gaps, per rank, where its threads waited for another thread's end
 *                ({@link ReplayedCalls#ends}; null for a rank with none), or null when no rank has any or no gaps are kept
 */
record ProxyCalls(GlobalTrace calls, int threads, long[][][] gaps, long[][] turns, long[][] ends) {

    /** @param rankDone told each rank's number once its calls are folded (progress), or null */
    static ProxyCalls of(TraceFile trace, boolean keepGaps, IntConsumer rankDone) {
        int world = trace.meta().worldSize();
        List<GlobalTrace> ranks = new ArrayList<>(world);
        long[][][] gaps = keepGaps ? new long[world][][] : null;
        int threads = 1;
        long[][] turns = new long[world][], ends = new long[world][];
        boolean anyTurns = false, anyEnds = false;
        long[] copy = new long[Event.WORDS];
        for (int r = 0; r < world; r++) {
            ReplayedCalls calls = new ReplayedCalls(trace, r);
            RankLoopFolder folder = new RankLoopFolder(r, world, 0, TraceFolding.DEFAULT_WINDOW);
            int n = calls.threads();
            threads = Math.max(threads, n);
            if (gaps != null) gaps[r] = new long[n][];
            for (int t = 0; t < n; t++) {
                long[] clock = {0};
                Gaps kept = gaps == null ? null : new Gaps();
                calls.play(t, (w, b, compute) -> {
                    System.arraycopy(w, b, copy, 0, Event.WORDS);
                    // The folder takes each call's compute time from the times between records.
                    clock[0] += compute;
                    copy[Event.W_ENTER] = clock[0];
                    copy[Event.W_EXIT] = clock[0];
                    folder.append(copy, 0);
                    if (kept != null && Event.opCode(copy, 0) != Op.INIT.code) kept.add(compute);
                });
                if (gaps != null) gaps[r][t] = kept.toArray();
            }
            ranks.add(GlobalTrace.ofRank(r, folder.nodes()));
            if (n > 1) anyTurns |= (turns[r] = calls.turns()) != null;
            if (n > 1 && keepGaps) anyEnds |= (ends[r] = calls.ends()) != null;
            if (rankDone != null) rankDone.accept(r);
        }
        return new ProxyCalls(mergeAll(ranks), threads, gaps, anyTurns ? turns : null, anyEnds ? ends : null);
    }

    /** Merges pairwise, neighbours first (as the tracer's binomial tree does), so each merge stays small. */
    private static GlobalTrace mergeAll(List<GlobalTrace> traces) {
        List<GlobalTrace> level = traces;
        while (level.size() > 1) {
            List<GlobalTrace> next = new ArrayList<>((level.size() + 1) / 2);
            for (int i = 0; i < level.size(); i += 2)
                next.add(i + 1 < level.size() ? TraceMerge.merge(level.get(i), level.get(i + 1)) : level.get(i));
            level = next;
        }
        return level.get(0);
    }

    /** A growing array of one thread's gaps. */
    private static final class Gaps {
        private long[] a = new long[64];
        private int n;

        void add(long v) {
            if (n == a.length) a = java.util.Arrays.copyOf(a, n * 2);
            a[n++] = v;
        }

        long[] toArray() {
            return java.util.Arrays.copyOf(a, n);
        }
    }
}
