package org.mpjtrace.cli.phases;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.cli.export.TimedCalls;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * One rank's calls as phase detection reads them, in call order: each call's id ({@link CallIds}), its
 * user function (the Class.method of its call site) and its times. Read with {@link TimedCalls}: a dump's
 * records with their measured times, or the calls rebuilt from a compressed trace (a non-lead's from its
 * lead's) with the mean times the trace keeps.
 *
 * @param duration time inside each call, ns
 * @param compute  time between the end of the thread's previous call and the start of this one, ns
 */
public record RankCalls(int rank, int[] calls, int[] functions, List<String> functionNames, long[] duration,
                        long[] compute, CallIdNames names) {

    /** What a call id stands for, as text. */
    public interface CallIdNames {
        String name(int callId);
    }

    public int size() {
        return calls.length;
    }

    /** Reads the calls of the rank whose section is {@code section}. */
    public static RankCalls read(TraceFile trace, RankTrace section) {
        return read(trace, section, new CallIds());
    }

    /** As {@link #read(TraceFile, RankTrace)}, the call ids taken from {@code ids}, shared with the trace's other ranks. */
    static RankCalls read(TraceFile trace, RankTrace section, CallIds ids) {
        Map<String, Integer> functionIds = new HashMap<>();
        List<String> functionNames = new ArrayList<>();
        int[][] cols = {new int[64], new int[64]};
        long[][] times = {new long[64], new long[64]};
        long[] threadEnd = new long[Event.MAX_THREAD + 1];
        Arrays.fill(threadEnd, Long.MIN_VALUE);
        long origin = TimedCalls.origin(trace, section, false);
        int[] n = {0};
        TimedCalls.forEach(trace, section, false, (calls, base) -> {
            int i = n[0]++;
            if (i == cols[0].length) {
                for (int c = 0; c < 2; c++) {
                    cols[c] = Arrays.copyOf(cols[c], 2 * i);
                    times[c] = Arrays.copyOf(times[c], 2 * i);
                }
            }
            long[] w = calls.words();
            cols[0][i] = ids.idOf(trace, calls, base);
            cols[1][i] = functionIds.computeIfAbsent(function(trace.site(Event.site(w, base))), f -> {
                functionNames.add(f);
                return functionNames.size() - 1;
            });
            long enter = Event.enter(w, base), exit = Event.exit(w, base);
            int t = Event.thread(w, base);
            long before = threadEnd[t] == Long.MIN_VALUE ? origin : threadEnd[t];
            times[0][i] = Math.max(0, exit - enter);
            times[1][i] = Math.max(0, enter - before);
            threadEnd[t] = exit;
        });
        int size = n[0];
        return new RankCalls(section.rank(), Arrays.copyOf(cols[0], size), Arrays.copyOf(cols[1], size), List.copyOf(functionNames),
                Arrays.copyOf(times[0], size), Arrays.copyOf(times[1], size), ids::name);
    }

    /** The user function a call comes from: its call site's class (simple name) and method. */
    static String function(CallSite site) {
        if (site == null) return "?";
        String simple = site.className().substring(site.className().lastIndexOf('.') + 1);
        return simple + "." + site.methodName();
    }
}
