package org.mpjtrace.cli.export;

import java.io.IOException;
import java.io.Writer;
import java.util.Map;
import java.util.TreeMap;
import org.mpjtrace.cli.format.EventBytes;
import org.mpjtrace.cli.format.OpTotals;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * {@code stats --format csv}: one row per rank, thread and op with the rank's calls, bytes and time
 * inside MPJ in ns ({@code rank,thread,op,calls,bytes,time_ns}), the finest grain the report sums, so a
 * script groups as it needs. From the events a trace keeps (a dump, or mode full with keepDump); none
 * in a compressed trace alone.
 */
public final class StatsCsv {
    private StatsCsv() {}

    public static void write(TraceFile trace, Writer out) throws IOException {
        out.write("rank,thread,op,calls,bytes,time_ns\n");
        for (RankTrace r : trace.ranks()) {
            // Thread, then op in the enum's order: a stable row order for diffs.
            Map<Integer, Map<Op, OpTotals>> rows = new TreeMap<>();
            long[] w = r.words();
            for (int i = 0; i < r.eventCount(); i++) {
                int b = RankTrace.base(i);
                Op op = Op.ofCode(Event.opCode(w, b));
                if (op == null) continue;
                rows.computeIfAbsent(Event.thread(w, b), t -> new java.util.EnumMap<>(Op.class))
                        .computeIfAbsent(op, o -> new OpTotals()).add(EventBytes.of(r, b), Event.exit(w, b) - Event.enter(w, b));
            }
            for (Map.Entry<Integer, Map<Op, OpTotals>> t : rows.entrySet())
                for (Map.Entry<Op, OpTotals> e : t.getValue().entrySet())
                    out.write(r.rank() + "," + t.getKey() + "," + e.getKey().mpjName + "," + e.getValue().calls() + ","
                            + e.getValue().bytes() + "," + e.getValue().nanos() + "\n");
        }
    }
}
