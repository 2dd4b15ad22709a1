package org.mpjtrace.trace;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Every call's own times, kept beside a compressed trace when the agent's {@code timing} is
 * {@code lossless} (Pilgrim's lossless timing mode): per thread of the rank, in the thread's call order,
 * the interval from the end of the thread's previous call (for its first call, from the moment the rank
 * entered MPI.Init) to the call's start, and the call's duration, in nanoseconds as the probe read them.
 * Each is a zigzag varlong (Kryo's encoding), so a regular loop's pairs take 2 to 6 bytes before the
 * file's LZ4 blocks compress them; the loop structure says which call each pair belongs to, as the
 * rank's calls rebuilt from it come thread by thread in the same order. {@link Clock} turns the pairs
 * back into each call's enter and exit, exactly those of a dump of the same run.
 *
 * <p>With timing=lossy the pairs hold, in the same encoding, the {@link LossyBins} of each interval and
 * duration rather than the nanoseconds: every time the clock gives is then within epsilon of the one
 * the probe read (each interval is taken from the previous call's real end, so errors do not add up in
 * a call's interval, though the calls' absolute times drift by the sum of their intervals' errors).
 *
 * @param threads the rank's threads that called MPJ, by ascending thread number; empty when the trace
 *                keeps no call's own times (timing=histogram, the default, and every file before version 12)
 * @param epsilon 0 for exact times (timing=lossless); timing=lossy's epsilon when the pairs are bins
 */
public record CallTimes(List<ThreadTimes> threads, double epsilon) {
    /** The longest varlong: eight bytes of seven bits, then one of eight. */
    private static final int MAX_VARLONG_BYTES = 9;
    /** No call's own times. */
    public static final CallTimes NONE = new CallTimes(List.of(), 0);

    /**
     * One thread's pairs.
     *
     * @param thread the thread's number in its rank ({@link Event#thread})
     * @param calls  how many calls the pairs are for
     * @param pairs  per call, the interval before it then its duration, as zigzag varlongs
     */
    public record ThreadTimes(int thread, int calls, byte[] pairs) {
        @Override
        public boolean equals(Object o) {
            return o instanceof ThreadTimes t && t.thread == thread && t.calls == calls && Arrays.equals(t.pairs, pairs);
        }

        @Override
        public int hashCode() {
            return 31 * (31 * thread + calls) + Arrays.hashCode(pairs);
        }

        @Override
        public String toString() {
            return "thread " + thread + ": " + calls + " calls in " + pairs.length + " bytes";
        }
    }

    public CallTimes {
        threads = List.copyOf(threads);
    }

    /** Exact times. */
    public CallTimes(List<ThreadTimes> threads) {
        this(threads, 0);
    }

    public boolean isEmpty() {
        return threads.isEmpty();
    }

    /** Calls whose times are kept, over all threads. */
    public long calls() {
        long n = 0;
        for (ThreadTimes t : threads) n += t.calls();
        return n;
    }

    /** The thread's pairs, or null when none are kept for it. */
    public ThreadTimes of(int thread) {
        for (ThreadTimes t : threads) if (t.thread() == thread) return t;
        return null;
    }

    /**
     * What is wrong with these times, or null: threads out of order or repeated, negative counts, or pairs
     * that do not decode to exactly {@code calls} pairs (a corrupt or hostile file).
     */
    public String problem() {
        if (epsilon != 0 && !LossyBins.valid(epsilon)) return "call times with epsilon " + epsilon + ", not 0 (exact) or " + LossyBins.MIN_EPSILON + " to 1";
        int previous = -1;
        for (ThreadTimes t : threads) {
            if (t.thread() <= previous || t.thread() > Event.MAX_THREAD)
                return "call times of thread " + t.thread() + " out of order or out of range";
            previous = t.thread();
            if (t.calls() < 0 || (long) t.calls() * 2 > t.pairs().length)
                return "call times of thread " + t.thread() + ": " + t.calls() + " calls cannot fit " + t.pairs().length + " bytes";
            int end = endOfVarLongs(t.pairs(), 2 * t.calls());
            if (end < 0)
                return "call times of thread " + t.thread() + " end before their " + t.calls() + " calls";
            if (end != t.pairs().length)
                return "call times of thread " + t.thread() + ": " + (t.pairs().length - end) + " bytes after their " + t.calls() + " calls";
        }
        return null;
    }

    /**
     * Where {@code count} varlongs in Kryo's encoding end in {@code bytes}, or -1 if they run past its end.
     * Each is up to eight bytes with the top bit set (more to come) then one more byte. Every rank checks its
     * times before sending them at MPI.Finalize, and rank 0 checks each rank's twice, so this is a plain scan.
     */
    private static int endOfVarLongs(byte[] bytes, int count) {
        int p = 0;
        for (int i = 0; i < count; i++) {
            int taken = 0;
            while (true) {
                if (p == bytes.length) return -1;
                byte b = bytes[p++];
                if (++taken == MAX_VARLONG_BYTES || b >= 0) break;
            }
        }
        return p;
    }

    /** Builds the times call by call, threads interleaved in any order, each thread's calls in their own. */
    public static Builder builder(long initNanos) {
        return new Builder(initNanos, 0);
    }

    /** As {@link #builder(long)}, each time kept as its {@link LossyBins} bin when {@code epsilon} is above 0. */
    public static Builder builder(long initNanos, double epsilon) {
        return new Builder(initNanos, epsilon);
    }

    /** Keeps each call's pair as it comes; not thread-safe (the fold thread's). */
    public static final class Builder {
        private final long initNanos;
        private final double epsilon;
        /** timing=lossy's bins; null for exact times. */
        private final LossyBins bins;
        private Output[] buffers = new Output[1];
        private int[] calls = new int[1];
        private long[] lastExit = new long[1];

        private Builder(long initNanos, double epsilon) {
            this.initNanos = initNanos;
            this.epsilon = epsilon;
            this.bins = epsilon > 0 ? LossyBins.of(epsilon) : null;
        }

        /** The next call of {@code thread} (0 to {@link Event#MAX_THREAD}) ran from {@code enter} to {@code exit}. */
        public void add(int thread, long enter, long exit) {
            if (thread >= buffers.length) {
                int n = Math.max(thread + 1, 2 * buffers.length);
                buffers = Arrays.copyOf(buffers, n);
                calls = Arrays.copyOf(calls, n);
                lastExit = Arrays.copyOf(lastExit, n);
            }
            Output out = buffers[thread];
            if (out == null) {
                buffers[thread] = out = new Output(256, -1);
                lastExit[thread] = initNanos;
            }
            long interval = enter - lastExit[thread], duration = exit - enter;
            out.writeVarLong(bins != null ? bins.bin(interval) : interval, false);
            out.writeVarLong(bins != null ? bins.bin(duration) : duration, false);
            lastExit[thread] = exit;
            calls[thread]++;
        }

        /** The times added so far. */
        public CallTimes build() {
            List<ThreadTimes> threads = new ArrayList<>();
            for (int t = 0; t < buffers.length; t++)
                if (buffers[t] != null) threads.add(new ThreadTimes(t, calls[t], buffers[t].toBytes()));
            return new CallTimes(threads, epsilon);
        }
    }

    /** A clock that gives each call of each thread, in order, its enter and exit. */
    public Clock clock(long initNanos) {
        return new Clock(this, initNanos);
    }

    /**
     * Each thread's calls' times, one call at a time and thread by thread in any interleaving: {@link
     * #next} for a thread moves to its next call. Expects times that passed {@link #problem}.
     */
    public static final class Clock {
        /** timing=lossy's bins; null for exact times. */
        private final LossyBins bins;
        private final Input[] inputs;
        private final int[] left;
        private final long[] lastExit;
        private long enter, exit;

        private Clock(CallTimes times, long initNanos) {
            bins = times.epsilon > 0 && LossyBins.valid(times.epsilon) ? LossyBins.of(times.epsilon) : null;
            int size = 0;
            for (ThreadTimes t : times.threads) size = Math.max(size, t.thread() + 1);
            inputs = new Input[size];
            left = new int[size];
            lastExit = new long[size];
            Arrays.fill(lastExit, initNanos);
            for (ThreadTimes t : times.threads) {
                inputs[t.thread()] = new Input(t.pairs());
                left[t.thread()] = t.calls();
            }
        }

        /** Moves to the thread's next call; false (and no times) when its kept times are used up or it has none. */
        public boolean next(int thread) {
            if (thread < 0 || thread >= inputs.length || left[thread] == 0) return false;
            Input in = inputs[thread];
            long interval = in.readVarLong(false), duration = in.readVarLong(false);
            if (bins != null) {
                interval = bins.value(interval);
                duration = bins.value(duration);
            }
            enter = lastExit[thread] + interval;
            exit = enter + duration;
            lastExit[thread] = exit;
            left[thread]--;
            return true;
        }

        /** The current call's start, in the rank's System.nanoTime() as the probe read it. */
        public long enter() {
            return enter;
        }

        public long exit() {
            return exit;
        }
    }
}
