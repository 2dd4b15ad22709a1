package org.mpjtrace.replay;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mpi.MPIException;
import org.mpjtrace.cli.format.RankThreads;
import org.mpjtrace.trace.CallTimes;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fold.EventRecords;
import org.mpjtrace.trace.global.GlobalExpansion;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.LoopFit;

/**
 * What one rank replays, in order: from a compressed trace (full and the clustering modes) the calls
 * whose ranklists hold the rank (in a clustered trace, its lead's calls stand for it), with relative
 * end-points turned into the rank's own peers, the rank's own communicator-constructor and
 * v-collective arguments where its section keeps them, its lead's loops run as often as its own calls
 * per stack say (LoopFit), its own peers at call sites where they never varied, its own peers and tags
 * call by call where they varied otherwise than its lead's ({@link OwnStackValues}), and the compute time
 * before each call from the call's histogram, or the call's own when the trace kept them (timing=lossless);
 * from a dump, the rank's own records and the exact time between them.
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

    private final TraceFile trace;
    private final int rank;
    /** The rank's own section of the file, or null when it has none. */
    private final RankTrace section;
    /** What the rank's section keeps of its own calls per stack signature (clustering modes), by stack. */
    private final Map<Long, StackSummary> stacks = new HashMap<>();
    /** The lead's loops this rank runs another number of times, by its own calls per stack. */
    private final Map<GlobalLoop, Long> fitted;

    /** Prepares the rank's replay (loop counts fitted, before the replay's clock starts). */
    RankScript(TraceFile trace, int rank) {
        this.trace = trace;
        this.rank = rank;
        this.section = trace.rank(rank);
        if (section != null) for (StackSummary s : section.stackSummaries()) stacks.put(s.stack(), s);
        try {
            fitted = trace.global() == null ? Map.of() : fittedLoops();
        } catch (IllegalStateException x) {
            throw new ReplayException(x.getMessage());
        }
    }

    /** How many of the rank's threads called MPJ: the replay runs as many. */
    int threads() {
        return RankThreads.of(trace, rank);
    }

    /** Replays the calls of the rank's thread {@code thread}; returns how many. */
    long play(int thread, Computation clock, Step step) throws MPIException {
        return trace.global() != null ? playGlobal(thread, clock, step) : playDump(thread, clock, step);
    }

    private long playGlobal(int thread, Computation clock, Step step) throws MPIException {
        long[] calls = {0};
        long[] w = new long[Event.WORDS];
        OwnArgumentsCursor own = new OwnArgumentsCursor(section == null ? List.of() : section.ownArguments());
        OwnStackValues ownValues = new OwnStackValues(stacks.values(), rank, trace.meta().worldSize());
        // With timing=lossless the thread's own intervals, in order; else each call's histogram.
        CallTimes.Clock times = section == null || section.times().isEmpty() ? null : section.times().clock(section.initNanos());
        long[] lastExit = {Long.MIN_VALUE};
        try {
            int worldSize = trace.meta().worldSize();
            GlobalExpansion.expand(trace.global(), rank, (loop, recorded) -> fitted.getOrDefault(loop, recorded), (e, values) -> {
                EventRecords.toRecord(e.op(), e.thread(), e.site(), e.stack(), values, rank, worldSize, w, 0);
                StackSummary mine = stacks.get(e.stack());
                if (mine != null) mine.writePeersInto(w, 0);
                ownValues.apply(w, 0); // likewise every thread's calls, in order
                own.apply(w, 0); // every thread's calls, in the order the rank's own arguments were kept
                if (e.thread() != thread) return;
                if (times != null && times.next(thread)) {
                    // As from a dump: the time since the thread's previous call, none before its first.
                    if (lastExit[0] != Long.MIN_VALUE) clock.compute(times.enter() - lastExit[0]);
                    lastExit[0] = times.exit() + (e.op() == Op.INIT.code ? section.stats().setupNanos() : 0);
                } else {
                    clock.compute(e.compute());
                }
                call(clock, step, w, 0); // MPJ's MPIException is unchecked: it leaves the expansion as it is
                calls[0]++;
            });
        } catch (IllegalStateException x) {
            throw new ReplayException(x.getMessage());
        }
        return calls[0];
    }

    /** Makes the call and tells the clock it returned: the next computation counts from there. */
    private static void call(Computation clock, Step step, long[] w, int b) throws MPIException {
        long start = System.nanoTime();
        step.call(w, b);
        clock.called(System.nanoTime() - start);
    }

    /** The lead's loops this rank ran another number of times, by its own calls per stack (none in modes full and dump). */
    private Map<GlobalLoop, Long> fittedLoops() {
        if (stacks.isEmpty()) return Map.of();
        Map<Long, Long> own = new HashMap<>();
        for (StackSummary s : stacks.values()) own.put(s.stack(), s.calls());
        return LoopFit.fit(trace.global(), rank, own);
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
