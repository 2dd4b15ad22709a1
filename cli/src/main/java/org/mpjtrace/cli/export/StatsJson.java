package org.mpjtrace.cli.export;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.Writer;
import java.util.Map;
import org.mpjtrace.cli.format.OpTotals;
import org.mpjtrace.cli.format.RankThreads;
import org.mpjtrace.cli.format.TraceStats;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * {@code stats --format json}: the stats report's figures as one JSON object, for scripts. Keys: the
 * job ({@code mode}, {@code device}, {@code ranks}, {@code events}, {@code main_class}), then arrays
 * {@code per_rank} (rank, op, calls, bytes, time_ns), {@code per_op} (op, calls, bytes, time_ns, with a
 * {@code total} object beside it), {@code per_thread} (rank, thread, calls, bytes, time_ns) and
 * {@code tracer} (rank, host, threads, events, setup_ns, ring_waits, ring_wait_ns, internal_errors,
 * {@code tracing}: "on" or why it stopped). Times are nanoseconds inside MPJ calls, bytes as the text
 * report counts them.
 */
public final class StatsJson {
    private StatsJson() {}

    public static void write(TraceFile trace, Writer out) throws IOException {
        TraceStats stats = new TraceStats(trace);
        JobMeta m = trace.meta();
        long events = 0;
        for (RankTrace r : trace.ranks()) events += r.eventCount();
        try (JsonGenerator g = new JsonFactory().createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("mode", m.mode());
            g.writeStringField("device", m.device());
            g.writeNumberField("ranks", m.worldSize());
            g.writeNumberField("events", events);
            g.writeStringField("main_class", m.mainClass());
            g.writeArrayFieldStart("per_rank");
            for (int rank : stats.ranks())
                for (Map.Entry<Op, OpTotals> e : stats.ofRank(rank)) totals(g, e.getValue(), "rank", rank, e.getKey().mpjName);
            g.writeEndArray();
            g.writeArrayFieldStart("per_op");
            for (Map.Entry<Op, OpTotals> e : stats.perOp()) totals(g, e.getValue(), null, 0, e.getKey().mpjName);
            g.writeEndArray();
            g.writeFieldName("total");
            totals(g, stats.total(), null, 0, null);
            g.writeArrayFieldStart("per_thread");
            for (int rank : stats.ranks()) {
                for (Map.Entry<Integer, OpTotals> t : stats.threadsOf(rank).entrySet()) {
                    g.writeStartObject();
                    g.writeNumberField("rank", rank);
                    g.writeNumberField("thread", t.getKey());
                    fields(g, t.getValue());
                    g.writeEndObject();
                }
            }
            g.writeEndArray();
            g.writeArrayFieldStart("tracer");
            for (RankTrace r : trace.ranks()) tracer(g, trace, r);
            g.writeEndArray();
            g.writeEndObject();
        }
        out.write('\n');
    }

    private static void totals(JsonGenerator g, OpTotals t, String key, int value, String op) throws IOException {
        g.writeStartObject();
        if (key != null) g.writeNumberField(key, value);
        if (op != null) g.writeStringField("op", op);
        fields(g, t);
        g.writeEndObject();
    }

    private static void fields(JsonGenerator g, OpTotals t) throws IOException {
        g.writeNumberField("calls", t.calls());
        g.writeNumberField("bytes", t.bytes());
        g.writeNumberField("time_ns", t.nanos());
    }

    private static void tracer(JsonGenerator g, TraceFile trace, RankTrace r) throws IOException {
        RankStats s = r.stats();
        g.writeStartObject();
        g.writeNumberField("rank", r.rank());
        g.writeStringField("host", r.host());
        g.writeNumberField("threads", RankThreads.of(trace, r.rank()));
        g.writeNumberField("events", r.eventCount());
        g.writeNumberField("setup_ns", s.setupNanos());
        g.writeNumberField("ring_waits", s.ringWaits());
        g.writeNumberField("ring_wait_ns", s.ringWaitNanos());
        g.writeNumberField("internal_errors", s.internalErrors());
        String reason = s.disabledReason();
        g.writeStringField("tracing", reason == null || reason.isEmpty() ? "on" : reason);
        g.writeEndObject();
    }
}
