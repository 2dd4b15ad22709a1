package org.mpjtrace.cli.phases;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.cli.format.TimedCalls;
import org.mpjtrace.replay.RebuiltRank;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fold.EventRecords;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalExpansion;

/**
 * One rank's calls as phase detection reads them, in call order: each call's id ({@link CallIds}), its
 * user function (the Class.method of its call site) and its times, kept as runs. A run is a stretch of
 * calls held once and made {@code count} times in a row.
 *
 * <p>From a compressed trace with mean times, a loop whose iterations all make the same calls (the same
 * op, site, communicator and peer every time: {@link GlobalExpansion#expandRepeats}) is one run of its
 * loop count, read from one iteration; what lies between such loops are runs of count 1. So a time loop
 * of 10^6 calls costs one iteration here, and what follows (patterns, segmentation, phase sums) works on
 * runs too: the cost follows the compressed trace, not the calls. Times are the trace's means, the same
 * for every iteration, as {@link TimedCalls} gives them.
 *
 * <p>A dump, or a trace with each call's own times (timing=lossless or lossy), is read call by call with
 * {@link TimedCalls} into a single run of count 1: its calls are in the file one by one anyway.
 */
public final class RankCalls {
    /** The fields that make two occurrences of an event the same call ({@link CallIds}): besides op and site. */
    private static final EnumSet<Field> CALL_ID_FIELDS = EnumSet.of(Field.COMM, Field.PEER);

    /** What a call id stands for, as text. */
    public interface CallIdNames {
        String name(int callId);
    }

    /**
     * Calls made {@code count} times in a row, each array holding them once.
     *
     * @param duration time inside each call, ns
     * @param compute  time between the end of the thread's previous call and the start of this one, ns
     */
    public record Run(int[] calls, int[] functions, long[] duration, long[] compute, long count) {
        public int length() {
            return calls.length;
        }
    }

    private final int rank;
    private final List<Run> runs;
    private final List<String> functionNames;
    private final CallIdNames names;
    /** The index of each run's first call, and the number of calls after the last run. */
    private final long[] firstCall;

    public RankCalls(int rank, List<Run> runs, List<String> functionNames, CallIdNames names) {
        this.rank = rank;
        this.runs = List.copyOf(runs);
        this.functionNames = List.copyOf(functionNames);
        this.names = names;
        firstCall = new long[this.runs.size() + 1];
        for (int r = 0; r < this.runs.size(); r++) {
            Run run = this.runs.get(r);
            firstCall[r + 1] = Math.addExact(firstCall[r], Math.multiplyExact(run.count(), run.length()));
        }
        if (firstCall[this.runs.size()] > Integer.MAX_VALUE)
            throw new IllegalArgumentException("rank " + rank + " makes " + firstCall[this.runs.size()]
                    + " calls; phases count calls up to " + Integer.MAX_VALUE);
    }

    public int rank() {
        return rank;
    }

    public List<Run> runs() {
        return runs;
    }

    public List<String> functionNames() {
        return functionNames;
    }

    public CallIdNames names() {
        return names;
    }

    /** The number of calls. */
    public int size() {
        return (int) firstCall[runs.size()];
    }

    /**
     * Adds up the calls from {@code first} to {@code last} (inclusive): each function's calls into {@code
     * perFunction}, in order of first call, and their time inside and compute time into {@code times[0]}
     * and {@code times[1]}. A run's whole iterations are added as iteration sums times their number.
     */
    void sum(int first, int last, Map<Integer, Integer> perFunction, long[] times) {
        int r = Arrays.binarySearch(firstCall, first);
        r = r >= 0 ? r : -r - 2;
        for (long c = first; c <= last; r++) {
            Run run = runs.get(r);
            int p = run.length();
            long end = Math.min(last, firstCall[r + 1] - 1);
            long offset = c - firstCall[r];
            // A part of an iteration, call by call, until an iteration starts.
            while (c <= end && (offset % p != 0 || end - c + 1 < p)) {
                add(run, (int) (offset % p), 1, perFunction, times);
                c++;
                offset++;
            }
            long whole = (end - c + 1) / p;
            if (whole > 0) {
                for (int i = 0; i < p; i++) add(run, i, whole, perFunction, times);
                c += whole * p;
            }
            while (c <= end) {
                add(run, (int) ((c - firstCall[r]) % p), 1, perFunction, times);
                c++;
            }
        }
    }

    private static void add(Run run, int i, long times, Map<Integer, Integer> perFunction, long[] sums) {
        perFunction.merge(run.functions()[i], (int) times, Integer::sum);
        sums[0] += run.duration()[i] * times;
        sums[1] += run.compute()[i] * times;
    }

    /** Reads the calls of the rank whose section is {@code section}. */
    public static RankCalls read(TraceFile trace, RankTrace section) {
        return read(trace, section, new CallIds());
    }

    /** As {@link #read(TraceFile, RankTrace)}, the call ids taken from {@code ids}, shared with the trace's other ranks. */
    static RankCalls read(TraceFile trace, RankTrace section, CallIds ids) {
        return read(trace, section, ids, true, null);
    }

    /**
     * As {@link #read(TraceFile, RankTrace, CallIds)}; without {@code byLoops} every call is rebuilt one by
     * one; each call read spends one of {@code budget} (none when null).
     */
    static RankCalls read(TraceFile trace, RankTrace section, CallIds ids, boolean byLoops, CallBudget budget) {
        Functions functions = new Functions();
        List<Run> runs = new ArrayList<>();
        Stretch stretch = new Stretch(budget);
        // A rank whose section keeps calls of its own (a non-lead unlike its lead) is read call by call, rebuilt as replay does.
        if (byLoops && TimedCalls.meanTimes(trace, section, false) && !RebuiltRank.keepsOwn(section)) readLoops(trace, section, ids, functions, stretch, runs);
        else readOneByOne(trace, section, ids, functions, stretch, runs);
        return new RankCalls(section.rank(), runs, functions.names, ids::name);
    }

    /** A dump's calls, or each call rebuilt with its own times: one run of count 1. */
    private static void readOneByOne(TraceFile trace, RankTrace section, CallIds ids, Functions functions, Stretch all, List<Run> runs) {
        long[] threadEnd = new long[Event.MAX_THREAD + 1];
        Arrays.fill(threadEnd, Long.MIN_VALUE);
        long origin = TimedCalls.origin(trace, section, false);
        TimedCalls.forEach(trace, section, false, (calls, base) -> {
            long[] w = calls.words();
            long enter = Event.enter(w, base), exit = Event.exit(w, base);
            int t = Event.thread(w, base);
            long before = threadEnd[t] == Long.MIN_VALUE ? origin : threadEnd[t];
            threadEnd[t] = exit;
            all.add(ids.idOf(trace, calls, base), functions.idOf(trace.site(Event.site(w, base))), exit - enter, enter - before);
        });
        all.flushInto(runs, 1);
    }

    /** The calls rebuilt from the compressed trace with its mean times, a loop of like iterations as one run. */
    private static void readLoops(TraceFile trace, RankTrace section, CallIds ids, Functions functions, Stretch stretch, List<Run> runs) {
        long[] record = new long[Event.WORDS];
        RankTrace one = new RankTrace(section.rank(), section.host(), 0, 1, record, section.comms(), section.datatypes(),
                section.redops(), section.stats());
        int rank = section.rank(), worldSize = trace.meta().worldSize();
        long[] count = {1};
        GlobalExpansion.expandRepeats(trace.global(), rank, CALL_ID_FIELDS, new GlobalExpansion.RepeatSink() {
            @Override
            public void occurrence(GlobalEvent e, long[] values) {
                EventRecords.toRecord(e.op(), e.thread(), e.site(), e.stack(), values, rank, worldSize, record, 0);
                stretch.add(ids.idOf(trace, one, 0), functions.idOf(trace.site(e.site())), Math.round(e.inside().mean()),
                        Math.round(e.compute().mean()));
            }

            @Override
            public void repeatStart(long n) {
                stretch.flushInto(runs, 1);
                count[0] = n;
            }

            @Override
            public void repeatEnd() {
                stretch.flushInto(runs, count[0]);
                count[0] = 1;
            }
        });
        stretch.flushInto(runs, 1);
    }

    /** The user function a call comes from: its call site's class (simple name) and method. */
    static String function(CallSite site) {
        if (site == null) return "?";
        String simple = site.className().substring(site.className().lastIndexOf('.') + 1);
        return simple + "." + site.methodName();
    }

    /** User functions numbered in order of first call. */
    private static final class Functions {
        final Map<String, Integer> ids = new HashMap<>();
        final List<String> names = new ArrayList<>();

        int idOf(CallSite site) {
            return ids.computeIfAbsent(function(site), f -> {
                names.add(f);
                return names.size() - 1;
            });
        }
    }

    /** Calls collected for the next run. */
    private static final class Stretch {
        final CallBudget budget;
        int[] calls = new int[64], functions = new int[64];
        long[] duration = new long[64], compute = new long[64];
        int n;

        Stretch(CallBudget budget) {
            this.budget = budget;
        }

        void add(int call, int function, long inside, long before) {
            if (budget != null) budget.spend();
            if (n == calls.length) {
                calls = Arrays.copyOf(calls, 2 * n);
                functions = Arrays.copyOf(functions, 2 * n);
                duration = Arrays.copyOf(duration, 2 * n);
                compute = Arrays.copyOf(compute, 2 * n);
            }
            calls[n] = call;
            functions[n] = function;
            duration[n] = Math.max(0, inside);
            compute[n] = Math.max(0, before);
            n++;
        }

        /** Ends the stretch as a run of {@code count} (nothing when it holds no call). */
        void flushInto(List<Run> runs, long count) {
            if (n > 0) runs.add(new Run(Arrays.copyOf(calls, n), Arrays.copyOf(functions, n), Arrays.copyOf(duration, n),
                    Arrays.copyOf(compute, n), count));
            n = 0;
        }
    }
}
