package org.mpjtrace.cli.export;

import java.util.Arrays;
import org.mpjtrace.cli.format.TimedCalls;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * A rank's paused spans (org.mpjtrace.api.Tracing, the JMX switch) on an export's time axis, handed to
 * each of the rank's threads in time order between its calls: OTF2 writes a MeasurementOnOff pair, Paraver a
 * "Tracing disabled" state. The whole rank pauses, so every thread that made calls gets every span. None
 * for a rank whose calls get the trace's mean times (they start at 0, not on the rank's clock).
 */
public final class PausesOnAxis {
    /** Receives one span, start and end on the export's axis. */
    public interface Sink {
        void span(long start, long end);
    }

    private final long[] spans;
    /** Per thread number, the index of its next span not given yet. */
    private int[] next = new int[1];

    private PausesOnAxis(long[] spans) {
        this.spans = spans;
    }

    /** @param origin what the export takes off the rank's clock for its axis */
    public static PausesOnAxis of(TraceFile trace, RankTrace section, boolean expand, long origin) {
        long[] paused = section.stats().paused();
        if (paused.length < 2 || TimedCalls.meanTimes(trace, section, expand)) return new PausesOnAxis(new long[0]);
        long[] s = new long[paused.length & ~1];
        for (int i = 0; i < s.length; i++) s[i] = Math.max(0, paused[i] - origin);
        return new PausesOnAxis(s);
    }

    /** Gives {@code sink} thread {@code thread}'s spans that start before {@code time} and were not given yet. */
    public void before(int thread, long time, Sink sink) {
        if (spans.length == 0) return;
        if (thread >= next.length) next = Arrays.copyOf(next, thread + 1);
        while (next[thread] < spans.length && spans[next[thread]] < time) {
            int i = next[thread];
            sink.span(spans[i], spans[i + 1]);
            next[thread] = i + 2;
        }
    }
}
