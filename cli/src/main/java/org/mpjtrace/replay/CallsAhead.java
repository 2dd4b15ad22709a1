package org.mpjtrace.replay;

import java.util.Arrays;
import mpi.MPIException;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.fold.Histogram;

/**
 * One thread's calls rebuilt from a compressed trace before the replay's clock starts, as {@link RankScript}
 * would give them during it: each call's record and what the script said of the computation before it (the
 * call's histogram, or the interval the trace kept). Playing them then costs an array read a call.
 *
 * <p>Why: rebuilding a call (the trace's expansion, loop counts, relative peers, the kept times) took
 * 0.3 us a call once compiled and 1.3 us a call over the first pass of 40,000 (Ring's lossless trace at 2
 * ranks, the compilers still at work), and the replay did it between one call's return and the next call.
 * Where a program computes nothing between calls that work is what its partner waits for: Ring's replay
 * at 2 ranks took 1.094 of its traced run so, 1.043 rebuilt ahead; RequestPatterns 1.191 and 1.133
 * (one trace each, replayed by both builds in turn, docs/benchmarks.md).
 *
 * <p>A thread with more calls than the budget the replay gives it is rebuilt as it is replayed, as before,
 * and so is every call where the ranks share cores ({@link CpuShare#coreEach}): there, rebuilt ahead,
 * RequestPatterns' and TwoCallers' replays at 4 ranks on 2 cores took 6-14% longer.
 */
final class CallsAhead {
    /** What a call costs here: its record, its histogram's reference and its interval. */
    static final int BYTES_PER_CALL = Event.WORDS * Long.BYTES + 2 * Long.BYTES;
    /** The most calls the arrays can hold as they grow: the records' array doubled stays an array. */
    private static final long MOST_CALLS = Integer.MAX_VALUE / Event.WORDS / 2;

    private long[] words = new long[64 * Event.WORDS];
    private Histogram[] histograms = new Histogram[64];
    /** The interval before each call, or -1 where the script gave its histogram or nothing. */
    private long[] nanos = new long[64];
    private int count;

    private CallsAhead() {}

    /** The calls of the rank's thread {@code thread}, or null when there are more than {@code budget}. */
    static CallsAhead of(RankScript script, int thread, long budget) throws MPIException {
        long most = Math.min(budget, MOST_CALLS);
        CallsAhead ahead = new CallsAhead();
        Recorder recorder = new Recorder();
        try {
            script.play(thread, recorder, (w, b) -> {
                if (ahead.count >= most) throw OverBudget.INSTANCE;
                ahead.add(w, b, recorder.histogram, recorder.nanos);
                recorder.histogram = null;
                recorder.nanos = -1;
            });
        } catch (OverBudget e) {
            return null;
        }
        return ahead;
    }

    int calls() {
        return count;
    }

    /** Replays the calls: each computation on {@code clock}, then the call. Returns how many. */
    long play(Computation clock, RankScript.Step step) throws MPIException {
        for (int i = 0; i < count; i++) {
            if (histograms[i] != null) clock.compute(histograms[i]);
            else if (nanos[i] >= 0) clock.compute(nanos[i]);
            RankScript.call(clock, step, words, i * Event.WORDS);
        }
        return count;
    }

    private void add(long[] w, int b, Histogram h, long n) {
        if (count == histograms.length) {
            int grown = count * 2;
            words = Arrays.copyOf(words, grown * Event.WORDS);
            histograms = Arrays.copyOf(histograms, grown);
            nanos = Arrays.copyOf(nanos, grown);
        }
        System.arraycopy(w, b, words, count * Event.WORDS, Event.WORDS);
        histograms[count] = h;
        nanos[count] = n;
        count++;
    }

    /** Keeps what the script said of the computation before the call it gives next. */
    private static final class Recorder implements Computation {
        Histogram histogram;
        long nanos = -1;

        @Override
        public void compute(Histogram h) {
            histogram = h;
        }

        @Override
        public void compute(long n) {
            nanos = n;
        }

        @Override
        public void called(long n) {
        }
    }

    /** Ends the rebuilding of a thread over its budget; thrown and caught in {@link #of} only. */
    private static final class OverBudget extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final OverBudget INSTANCE = new OverBudget();

        private OverBudget() {
            super(null, null, false, false);
        }
    }
}
