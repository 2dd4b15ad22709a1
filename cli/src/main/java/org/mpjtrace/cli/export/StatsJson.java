package org.mpjtrace.cli.export;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.Writer;
import java.util.Map;
import org.mpjtrace.cli.format.OpTotals;
import org.mpjtrace.cli.format.RankThreads;
import org.mpjtrace.cli.format.TraceStats;
import org.mpjtrace.cli.profile.Profile;
import org.mpjtrace.cli.profile.ProfileEntry;
import org.mpjtrace.cli.profile.RankTimes;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * {@code stats --format json}: the stats report's figures as one JSON object, for scripts. Keys: the
 * job ({@code mode}, {@code device}, {@code world_size}, {@code events}, {@code main_class}); the profile
 * ({@link org.mpjtrace.cli.profile.Profile}): {@code from_leads} and {@code mean_times} (as the text's notes
 * say), {@code ranks} (rank, app_ms, mpj_ms, init_ms, finalize_ms, calls), {@code callsites} (site, op,
 * calls, time_ms, bytes, percent_app, mean_us, ranks, rank_min_ms, rank_mean_ms, rank_max_ms, most time
 * first) and {@code ops} (the same without site, with imbalance); then the per-rank report's arrays
 * {@code per_rank} (rank, op, calls, bytes, time_ns), {@code per_op} (op, calls, bytes, time_ns, with a
 * {@code total} object beside it), {@code per_thread} (rank, thread, calls, bytes, time_ns) and
 * {@code tracer} (rank, host, threads, events, setup_ns, ring_waits, ring_wait_ns, internal_errors,
 * {@code tracing}: "on" or why it stopped). Times are nanoseconds inside MPJ calls, bytes as the text
 * report counts them.
 */
public final class StatsJson {
    private StatsJson() {}

    public static void write(TraceFile trace, Profile profile, Writer out) throws IOException {
        TraceStats stats = new TraceStats(trace);
        JobMeta m = trace.meta();
        long events = 0;
        for (RankTrace r : trace.ranks()) events += r.eventCount();
        try (JsonGenerator g = new JsonFactory().createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("mode", m.mode());
            g.writeStringField("device", m.device());
            g.writeNumberField("world_size", m.worldSize());
            g.writeNumberField("events", events);
            g.writeStringField("main_class", m.mainClass());
            profile(g, profile);
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

    private static void profile(JsonGenerator g, Profile p) throws IOException {
        g.writeBooleanField("from_leads", p.fromLeads());
        g.writeBooleanField("mean_times", p.meanTimes());
        g.writeArrayFieldStart("ranks");
        for (RankTimes r : p.ranks()) {
            g.writeStartObject();
            g.writeNumberField("rank", r.rank());
            g.writeNumberField("app_ms", r.appNanos() / 1e6);
            g.writeNumberField("mpj_ms", r.mpjNanos() / 1e6);
            g.writeNumberField("init_ms", r.initNanos() / 1e6);
            g.writeNumberField("finalize_ms", r.finalizeNanos() / 1e6);
            g.writeNumberField("calls", r.calls());
            g.writeEndObject();
        }
        g.writeEndArray();
        long app = p.appNanos();
        g.writeArrayFieldStart("callsites");
        for (ProfileEntry e : p.sites()) entry(g, e, p.where(e.site()), app, false);
        g.writeEndArray();
        g.writeArrayFieldStart("ops");
        for (ProfileEntry e : p.ops()) entry(g, e, null, app, true);
        g.writeEndArray();
    }

    private static void entry(JsonGenerator g, ProfileEntry e, String site, long appNanos, boolean imbalance) throws IOException {
        g.writeStartObject();
        if (site != null) g.writeStringField("site", site);
        g.writeStringField("op", e.op().mpjName);
        g.writeNumberField("calls", e.calls());
        g.writeNumberField("time_ms", e.nanos() / 1e6);
        g.writeNumberField("bytes", e.bytes());
        if (appNanos > 0) g.writeNumberField("percent_app", 100.0 * e.nanos() / appNanos);
        g.writeNumberField("mean_us", e.meanNanos() / 1e3);
        g.writeNumberField("ranks", e.perRank().ranks());
        g.writeNumberField("rank_min_ms", e.perRank().min() / 1e6);
        g.writeNumberField("rank_mean_ms", e.perRank().mean() / 1e6);
        g.writeNumberField("rank_max_ms", e.perRank().max() / 1e6);
        if (imbalance && Double.isFinite(e.perRank().imbalance())) g.writeNumberField("imbalance", e.perRank().imbalance());
        g.writeEndObject();
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
        g.writeNumberField("threads", RankThreads.count(trace, r.rank()));
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
