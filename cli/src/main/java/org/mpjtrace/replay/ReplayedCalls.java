package org.mpjtrace.replay;

import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fold.Histogram;

/**
 * One rank's calls in the order the replay makes them ({@link RankScript}), for a tool that writes them
 * down instead of making them (mpjtrace proxy): each call's record and the computation before it, the
 * recorded interval where the trace kept one (mode dump, timing=lossless), else the mean of the call's
 * histogram. A clustered trace's non-lead ranks get their lead's calls transposed to them, as in a replay.
 */
public final class ReplayedCalls {
    /** Receives each call's record at {@code w[b]} (to be copied: the array is reused) and the computation before it. */
    public interface Call {
        void call(long[] w, int b, long computeNanos);
    }

    private final RankScript script;

    /** @throws ReplayException when the trace holds no calls for the rank where it needs them */
    public ReplayedCalls(TraceFile trace, int rank) {
        this.script = new RankScript(trace, rank);
    }

    /** How many of the rank's threads called MPJ. */
    public int threads() {
        return script.threads();
    }

    /**
     * Gives the calls of the rank's thread {@code thread}, in order; returns how many.
     *
     * @throws ReplayException when the trace holds no value for the rank where it needs one
     */
    public long play(int thread, Call call) {
        Pending pending = new Pending();
        return script.play(thread, pending, (w, b) -> {
            call.call(w, b, pending.nanos);
            pending.nanos = 0;
        });
    }

    /**
     * The turns the rank's threads took on communicators more than one of them called, as numbers for a proxy
     * ({@link TurnOrder#numbers}); null where there are none or the trace kept no exact times of them.
     */
    public long[] turns() {
        TurnOrder order = TurnOrder.of(script);
        return order == null || order.kept() == 0 ? null : order.numbers();
    }

    /**
     * Where the rank's threads waited for another thread's end, as numbers for a proxy ({@link ThreadEnds#numbers});
     * null where none did or the trace kept no exact times.
     */
    public long[] ends() {
        ThreadEnds ends = ThreadEnds.of(script);
        return ends == null ? null : ends.numbers();
    }

    /** The computation asked for since the previous call. */
    private static final class Pending implements Computation {
        long nanos;

        @Override
        public void compute(Histogram h) {
            if (h != null && h.count() > 0) nanos += Math.round(h.mean());
        }

        @Override
        public void compute(long n) {
            if (n > 0) nanos += n;
        }

        @Override
        public void called(long n) {
        }
    }
}
