package org.mpjtrace.cli.export;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.Writer;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.MarkerChoice;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.cluster.MarkerState;

/**
 * {@code clusters --format json}: the clustering history as one JSON object, for scripts. Keys:
 * {@code mode}, {@code ranks}, {@code finished} (false for a trace written at a marker of a job that did
 * not reach MPI.Finalize), {@code markers} (per acted-on marker and F: index, marker_call, rank0_call (at which
 * of rank 0's calls it acted, as decode --expand numbers them; null before format 18), state,
 * changed_ranks, merged_calls, merge_ns, clustering: an index into {@code clusterings} or null),
 * {@code clusterings} (each: ns taken, absolute_endpoints, clusters: lead, size, members as an array and
 * as a ranklist, call_path in hex, src, dest), {@code states} (markers per state) and, for marker auto,
 * {@code auto}: candidates (collectives on all ranks seen) and choices (each: collective, period, site,
 * callers, reason, own_loops: whether each rank's own loop); {@code auto} is null for the other marker rules.
 */
public final class ClustersJson {
    private ClustersJson() {}

    public static void write(TraceFile trace, Writer out) throws IOException {
        MarkerLog log = trace.markers();
        try (JsonGenerator g = new JsonFactory().createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("mode", trace.meta().mode());
            g.writeNumberField("ranks", log.worldSize());
            g.writeBooleanField("finished", log.finished());
            g.writeArrayFieldStart("markers");
            for (MarkerRecord m : log.records()) {
                g.writeStartObject();
                g.writeNumberField("index", m.index());
                g.writeNumberField("marker_call", m.markerCall());
                g.writeFieldName("rank0_call");
                if (m.rankZeroCall() < 0) g.writeNull();
                else g.writeNumber(m.rankZeroCall());
                g.writeStringField("state", m.state().name());
                g.writeNumberField("changed_ranks", m.changedRanks());
                g.writeNumberField("merged_calls", m.mergedCalls());
                g.writeNumberField("merge_ns", m.mergeNanos());
                g.writeFieldName("clustering");
                if (m.clustering() < 0) g.writeNull();
                else g.writeNumber(m.clustering());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("clusterings");
            for (Clustering c : log.clusterings()) clustering(g, c);
            g.writeEndArray();
            g.writeObjectFieldStart("states");
            for (MarkerState s : MarkerState.values()) g.writeNumberField(s.name(), log.count(s));
            g.writeEndObject();
            auto(g, log);
            g.writeEndObject();
        }
        out.write('\n');
    }

    private static void auto(JsonGenerator g, MarkerLog log) throws IOException {
        g.writeFieldName("auto");
        if (!log.auto()) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        g.writeNumberField("candidates", log.candidates());
        g.writeArrayFieldStart("choices");
        for (MarkerChoice c : log.choices()) {
            g.writeStartObject();
            g.writeNumberField("collective", c.collective());
            g.writeNumberField("period", c.period());
            g.writeStringField("site", c.site());
            g.writeStringField("callers", c.callers());
            g.writeStringField("reason", c.reason());
            g.writeBooleanField("own_loops", c.ownLoops());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void clustering(JsonGenerator g, Clustering c) throws IOException {
        g.writeStartObject();
        g.writeNumberField("ns", c.nanos());
        g.writeBooleanField("absolute_endpoints", c.absoluteEndpoints());
        g.writeArrayFieldStart("clusters");
        for (Cluster k : c.clusters()) {
            g.writeStartObject();
            g.writeNumberField("lead", k.lead());
            g.writeNumberField("size", k.members().size());
            g.writeArrayFieldStart("members");
            for (int r : k.members().toArray()) g.writeNumber(r);
            g.writeEndArray();
            g.writeStringField("ranklist", k.members().toString());
            g.writeStringField("call_path", Long.toHexString(k.callPath()));
            g.writeNumberField("src", k.src());
            g.writeNumberField("dest", k.dest());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }
}
