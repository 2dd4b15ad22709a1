package org.mpjtrace.replay;

import java.util.Arrays;
import mpi.MPIException;
import org.mpjtrace.cli.format.RankThreads;
import org.mpjtrace.trace.CallTimes;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * What one rank replays, in order: from a compressed trace (full and the clustering modes) the rank's
 * calls as the file keeps them for it ({@link RebuiltRank}: its lead's in a clustered trace, with what its
 * own section keeps applied), and the compute time before each call from the call's histogram, or the
 * call's own when the trace kept them (timing=lossless); from a dump, the rank's own records and the
 * exact time between them.
 *
 * <p>A rank whose threads called MPJ at once replays each thread's calls on a thread of its own
 * ({@link #play} per thread number); the compute time before a call is the time since the same thread's
 * previous call.
 */
final class RankScript {
    /** Receives each call as an {@link Event} record at {@code w[b]}, after its computation has been slept. */
    interface Step {
        void call(long[] w, int b) throws MPIException;
    }

    /** Receives each call of every thread of the rank ({@link #forEachTimed}). */
    interface TimedCall {
        /**
         * @param index the call's number among its thread's calls, from 0, as {@link #play} gives them
         * @param enter the call's start as the trace kept it, {@link #UNTIMED} where it kept none for this call
         */
        void call(int thread, int index, long[] w, int b, long enter, long exit);
    }

    /** {@link TimedCall}'s times of a call the trace kept no time for. */
    static final long UNTIMED = Long.MIN_VALUE;

    private final TraceFile trace;
    private final int rank;
    /** The rank's own section of the file, or null when it has none. */
    private final RankTrace section;
    /** The rank's calls as the compressed trace keeps them for it, or null for a dump. */
    private final RebuiltRank rebuilt;
    /** Each thread's calls rebuilt before the replay ({@link #rebuildAhead}), or null where they are rebuilt as played. */
    private CallsAhead[] ahead;

    /** Prepares the rank's replay (loop counts fitted, before the replay's clock starts). */
    RankScript(TraceFile trace, int rank) {
        this.trace = trace;
        this.rank = rank;
        this.section = trace.rank(rank);
        try {
            rebuilt = trace.global() == null ? null : new RebuiltRank(trace, rank);
        } catch (IllegalStateException x) {
            throw new ReplayException(x.getMessage());
        }
    }

    /** The tracer's set-up of the rank after MPI.Init returned, which {@link #play} leaves out of the computation after it. */
    long setupNanos() {
        return section == null ? 0 : section.stats().setupNanos();
    }

    /** How many of the rank's threads called MPJ: the replay runs as many. */
    int threads() {
        return RankThreads.of(trace, rank);
    }

    /**
     * Rebuilds each thread's calls from the compressed trace now, before the replay's clock starts, where a
     * thread has at most {@code budget} ({@link CallsAhead}); a dump's calls are read as they are played.
     */
    void rebuildAhead(long budget) throws MPIException {
        if (trace.global() == null) return;
        CallsAhead[] built = new CallsAhead[threads()];
        for (int t = 0; t < built.length; t++) built[t] = CallsAhead.of(this, t, budget);
        ahead = built;
    }

    /** Whether {@link #rebuildAhead} rebuilt any thread's calls. */
    boolean rebuiltAhead() {
        return ahead != null && Arrays.stream(ahead).anyMatch(a -> a != null);
    }

    /** Replays the calls of the rank's thread {@code thread}; returns how many. */
    long play(int thread, Computation clock, Step step) throws MPIException {
        if (ahead != null && ahead[thread] != null) return ahead[thread].play(clock, step);
        return trace.global() != null ? playGlobal(thread, clock, step) : playDump(thread, clock, step);
    }

    private long playGlobal(int thread, Computation clock, Step step) throws MPIException {
        long[] calls = {0};
        // With timing=lossless the thread's own intervals, in order; else each call's histogram.
        CallTimes.Clock times = section == null || section.times().isEmpty() ? null : section.times().clock(section.initNanos());
        long[] lastExit = {Long.MIN_VALUE};
        try {
            rebuilt.forEach((e, w, b) -> {
                if (e.thread() != thread) return;
                if (times != null && times.next(thread)) {
                    // As from a dump: the time since the thread's previous call, none before its first.
                    if (lastExit[0] != Long.MIN_VALUE) clock.compute(times.enter() - lastExit[0]);
                    lastExit[0] = times.exit() + (e.op() == Op.INIT.code ? section.stats().setupNanos() : 0);
                } else {
                    clock.compute(e.compute());
                }
                call(clock, step, w, b); // MPJ's MPIException is unchecked: it leaves the expansion as it is
                calls[0]++;
            });
        } catch (IllegalStateException x) {
            throw new ReplayException(x.getMessage());
        }
        return calls[0];
    }

    /**
     * Visits every call of the rank, every thread's, in the file's order, each with its exact times where the
     * trace kept them: a dump's, or those of a compressed trace kept with timing=lossless. Returns whether it
     * had them; without (histograms, or timing=lossy's rounded times) every call is {@link #UNTIMED}.
     */
    boolean forEachTimed(TimedCall visitor) {
        if (section == null) return false;
        int[] index = new int[threads()];
        if (rebuilt == null) {
            long[] w = section.words();
            for (int i = 0; i < section.eventCount(); i++) {
                int b = RankTrace.base(i), t = Event.thread(w, b);
                visitor.call(t, index[t]++, w, b, Event.enter(w, b), Event.exit(w, b));
            }
            return true;
        }
        boolean exact = !section.times().isEmpty() && section.times().epsilon() == 0;
        CallTimes.Clock times = exact ? section.times().clock(section.initNanos()) : null;
        try {
            rebuilt.forEach((e, w, b) -> {
                int t = e.thread();
                boolean timed = times != null && times.next(t);
                visitor.call(t, index[t]++, w, b, timed ? times.enter() : UNTIMED, timed ? times.exit() : UNTIMED);
            });
        } catch (IllegalStateException x) {
            throw new ReplayException(x.getMessage());
        }
        return exact;
    }

    /** Makes the call and tells the clock it returned: the next computation counts from there. */
    static void call(Computation clock, Step step, long[] w, int b) throws MPIException {
        long start = System.nanoTime();
        step.call(w, b);
        clock.called(System.nanoTime() - start);
    }

    private long playDump(int thread, Computation clock, Step step) throws MPIException {
        long calls = 0;
        if (section == null) throw new ReplayException("the trace has no section for rank " + rank);
        long lastExit = 0;
        for (int i = 0; i < section.eventCount(); i++) {
            int b = RankTrace.base(i);
            if (Event.thread(section.words(), b) != thread) continue;
            // A thread's first call: its start is not recorded, so no compute time before it.
            if (calls > 0) clock.compute(Event.enter(section.words(), b) - lastExit);
            lastExit = Event.exit(section.words(), b);
            // After Init the tracer set the rank up before the program went on: its time, not the program's.
            if (Event.opCode(section.words(), b) == Op.INIT.code) lastExit += section.stats().setupNanos();
            call(clock, step, section.words(), b);
            calls++;
        }
        return calls;
    }
}
