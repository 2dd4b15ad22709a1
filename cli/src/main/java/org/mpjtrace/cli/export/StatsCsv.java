package org.mpjtrace.cli.export;

import java.io.IOException;
import java.io.Writer;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import org.mpjtrace.cli.format.OpTotals;
import org.mpjtrace.cli.format.PersistentStarts;
import org.mpjtrace.cli.format.TimedCalls;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * {@code stats --format csv}: one row per rank, thread and op with the rank's calls, bytes and time
 * inside MPJ in ns ({@code rank,thread,op,calls,bytes,time_ns}), the finest grain the report sums, so a
 * script groups as it needs. The calls are those the other stats tables count ({@link TimedCalls}: a
 * compressed trace's rebuilt from its loops, with their mean times where it kept no time of each call),
 * a persistent request's bytes at its Starts ({@link PersistentStarts}).
 */
public final class StatsCsv {
    private StatsCsv() {}

    public static void write(TraceFile trace, Writer out) throws IOException {
        out.write("rank,thread,op,calls,bytes,time_ns\n");
        for (RankTrace r : trace.ranks()) {
            // Thread, then op in the enum's order: a stable row order for diffs.
            Map<Integer, Map<Op, OpTotals>> rows = new TreeMap<>();
            PersistentStarts starts = new PersistentStarts(trace, r, false);
            TimedCalls.forEach(trace, r, false, (calls, b) -> {
                long[] w = calls.words();
                Op op = Op.ofCode(Event.opCode(w, b));
                if (op == null) return;
                rows.computeIfAbsent(Event.thread(w, b), t -> new EnumMap<>(Op.class))
                        .computeIfAbsent(op, o -> new OpTotals()).add(starts.bytes(calls, b), Event.exit(w, b) - Event.enter(w, b));
            });
            for (Map.Entry<Integer, Map<Op, OpTotals>> t : rows.entrySet())
                for (Map.Entry<Op, OpTotals> e : t.getValue().entrySet())
                    out.write(r.rank() + "," + t.getKey() + "," + e.getKey().mpjName + "," + e.getValue().calls() + ","
                            + e.getValue().bytes() + "," + e.getValue().nanos() + "\n");
        }
    }
}
