package org.mpjtrace.replay;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.fold.Histogram;

/**
 * Where a thread of the rank waited for another to finish (a join, a Future's get, a latch counted down at
 * the end of a task), kept in the replay. A trace holds the time between a thread's calls, not what the
 * thread did in it; when another thread of the rank made its last call within that time, the replay waits
 * for that thread's calls to end, then computes only what was left of the time after it: the time from its
 * last call's return to the waiting thread's next call.
 *
 * <p>Why: the replay computed through the whole time by a busy wait. The Threads example's main thread
 * joins its helper after its ring, for most of a second at 20,000 steps, and its replay spun a core for
 * that second, which the helpers of both ranks needed (4 threads on 2 cores): the replay took 1.4-1.5
 * times the traced run (docs/benchmarks.md).
 *
 * <p>Every wait is one the traced run had in its order (the other thread had ended before the call), so a
 * replay that keeps them reaches no state the run did not pass through, as {@link TurnOrder}'s. What it
 * gives up: a thread that computed while the other ran, then called after the other ended, computes in the
 * replay only from that end. Needs each call's exact times (a dump, or timing=lossless); without them the
 * threads compute as before.
 */
final class ThreadEnds {
    /** Per thread: counted down when its calls have all been replayed. */
    private final CountDownLatch[] ended;
    /** Per thread, in call order: its calls that wait for another thread's end. */
    private final Wait[][] waits;
    /** Whether thread 0's first call is MPI.Init, before which a proxy keeps no computation. */
    private final boolean initFirst;

    private ThreadEnds(CountDownLatch[] ended, Wait[][] waits, boolean initFirst) {
        this.ended = ended;
        this.waits = waits;
        this.initFirst = initFirst;
    }

    /** The rank's waits for a thread's end, or null when it has one thread, no exact times or no such wait. */
    static ThreadEnds of(RankScript script) {
        int threads = script.threads();
        if (threads < 2) return null;
        // First pass: when each thread's last call returned (a number no call took stays at MIN_VALUE).
        long[] end = new long[threads];
        Arrays.fill(end, Long.MIN_VALUE);
        boolean[] untimed = {false}, initFirst = {false};
        boolean exact = script.forEachTimed((t, i, w, b, enter, exit) -> {
            untimed[0] |= enter == RankScript.UNTIMED;
            end[t] = exit;
            if (t == 0 && i == 0) initFirst[0] = Event.opCode(w, b) == Op.INIT.code;
        });
        if (!exact || untimed[0]) return null;
        // Second pass: the calls whose time since their thread's previous call holds another thread's end.
        long[] previous = new long[threads];
        Arrays.fill(previous, Long.MIN_VALUE);
        List<List<Wait>> waits = new ArrayList<>();
        for (int t = 0; t < threads; t++) waits.add(new ArrayList<>());
        long setup = script.setupNanos();
        int[] others = new int[threads];
        script.forEachTimed((t, i, w, b, enter, exit) -> {
            long since = previous[t];
            // After Init the tracer set the rank up: its time is not the program's (as RankScript plays it).
            previous[t] = exit + (Event.opCode(w, b) == Op.INIT.code ? setup : 0);
            if (since == Long.MIN_VALUE) return;
            int n = 0;
            long last = Long.MIN_VALUE;
            for (int o = 0; o < threads; o++) {
                if (o == t || end[o] == Long.MIN_VALUE || end[o] <= since || end[o] > enter) continue;
                others[n++] = o;
                last = Math.max(last, end[o]);
            }
            if (n > 0) waits.get(t).add(new Wait(i, Arrays.copyOf(others, n), enter - last));
        });
        if (waits.stream().allMatch(List::isEmpty)) return null;
        Wait[][] byThread = new Wait[threads][];
        for (int t = 0; t < threads; t++) byThread[t] = waits.get(t).toArray(new Wait[0]);
        CountDownLatch[] ended = new CountDownLatch[threads];
        for (int t = 0; t < threads; t++) ended[t] = new CountDownLatch(1);
        return new ThreadEnds(ended, byThread, initFirst[0]);
    }

    /** Before call {@code call} of its thread, the thread waits for {@code others} to end, then computes {@code after} ns. */
    private record Wait(int call, int[] others, long after) {}

    /** Thread {@code thread}'s computation on {@code clock}, waiting where the thread waited for another's end. */
    static Computation of(ThreadEnds ends, int thread, Computation clock) {
        return ends == null ? clock : ends.new Waiting(thread, clock);
    }

    /** Thread {@code thread}'s calls have all been replayed (or it stopped): the threads waiting for its end go on. */
    static void ended(ThreadEnds ends, int thread) {
        if (ends != null) ends.ended[thread].countDown();
    }

    /** How many of the rank's calls wait for a thread's end. */
    int waits() {
        return Arrays.stream(waits).mapToInt(w -> w.length).sum();
    }

    /**
     * The waits as numbers, for a proxy to keep them ({@code ProxyKit.readEnds} reads them back): the number of
     * threads, then each one's number of waits and per wait the index of the computation before its call among
     * the thread's computations a proxy keeps (one before every call but MPI.Init), after the previous wait's;
     * how many threads it waits for, and which; and the nanoseconds it computes after their end. Every number
     * is 0 or more.
     */
    long[] numbers() {
        List<Long> out = new ArrayList<>();
        out.add((long) waits.length);
        for (int t = 0; t < waits.length; t++) {
            out.add((long) waits[t].length);
            long previous = 0;
            for (Wait w : waits[t]) {
                long gap = w.call() - (t == 0 && initFirst ? 1 : 0);
                out.add(gap - previous);
                previous = gap;
                out.add((long) w.others().length);
                for (int o : w.others()) out.add((long) o);
                out.add(Math.max(0, w.after()));
            }
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    /** One thread's computation: its clock's, but before a call that waits, the wait and what is left after it. */
    private final class Waiting implements Computation {
        private final int thread;
        private final Computation clock;
        /** The number of the thread's call whose computation comes next, and its next wait. */
        private int call, next;

        Waiting(int thread, Computation clock) {
            this.thread = thread;
            this.clock = clock;
        }

        @Override
        public void compute(Histogram h) {
            clock.compute(h);
        }

        @Override
        public void compute(long nanos) {
            Wait[] mine = waits[thread];
            if (next >= mine.length || mine[next].call() != call) {
                clock.compute(nanos);
                return;
            }
            Wait wait = mine[next++];
            for (int other : wait.others()) {
                try {
                    ended[other].await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            // The rest of the computation counts from the other thread's end, as it did in the traced run.
            clock.called(0);
            clock.compute(Math.min(nanos, wait.after()));
        }

        @Override
        public void called(long nanos) {
            call++;
            clock.called(nanos);
        }
    }
}
