package org.mpjtrace.cli.phases;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import org.mpjtrace.trace.cluster.MarkerRecord;

/**
 * {@code mpjtrace phases --format json}: {@code rank}, {@code calls}, {@code patterns} (how many),
 * {@code threshold}, {@code height}, {@code tree} (each node: id, parent (null for the root), depth, start,
 * end, length, djs, cut, strength; positions in the pattern sequence, cut and strength null for a single
 * pattern) and {@code phases} (each: index, start and end (call indices), calls, patterns (ids), functions
 * (name, calls; most calls first), duration_ns, compute_ns).
 *
 * <p>Without {@code --rank} ({@link #writeClasses}): {@code classes}, each with {@code ranks},
 * {@code threshold} and {@code phases} (the keys above; times the mean over the class's ranks), then
 * {@code without_calls} (ranks) and {@code pattern_calls} (each pattern id the phases name, with its calls as text).
 */
public final class PhasesJson {
    private PhasesJson() {}

    /** @param markers where the run's markers fell among the phases (rank 0 of a clustered trace), or null */
    public static void write(PhaseDetection d, PhaseMarkers markers, Writer out) throws IOException {
        try (JsonGenerator g = new JsonFactory().createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeNumberField("rank", d.calls().rank());
            g.writeNumberField("calls", d.calls().size());
            g.writeNumberField("patterns", d.patterns().patterns());
            g.writeNumberField("threshold", d.threshold());
            g.writeNumberField("height", d.tree().height());
            g.writeArrayFieldStart("tree");
            for (Segment s : d.tree().nodes()) node(g, s);
            g.writeEndArray();
            g.writeArrayFieldStart("phases");
            for (Phase p : d.phases()) phase(g, p);
            g.writeEndArray();
            if (markers != null) {
                // Per phase, the states of the markers rank 0 acted on in it, in order.
                g.writeArrayFieldStart("markers");
                for (List<MarkerRecord> in : markers.byPhase()) {
                    g.writeStartArray();
                    for (MarkerRecord r : in) g.writeString(r.state().name());
                    g.writeEndArray();
                }
                g.writeEndArray();
            }
            g.writeEndObject();
        }
        out.write('\n');
        out.flush();
    }

    public static void writeClasses(AcrossRanks a, Writer out) throws IOException {
        try (JsonGenerator g = new JsonFactory().createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeArrayFieldStart("classes");
            java.util.TreeSet<Integer> used = new java.util.TreeSet<>();
            for (RankClass c : a.classes()) {
                g.writeStartObject();
                g.writeArrayFieldStart("ranks");
                for (int r : c.ranks()) g.writeNumber(r);
                g.writeEndArray();
                g.writeNumberField("threshold", c.threshold());
                g.writeArrayFieldStart("phases");
                for (Phase p : c.phases()) {
                    phase(g, p);
                    used.addAll(p.patterns());
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("without_calls");
            for (int r : a.withoutCalls()) g.writeNumber(r);
            g.writeEndArray();
            g.writeArrayFieldStart("pattern_calls");
            for (int p : used) {
                g.writeStartObject();
                g.writeNumberField("id", p);
                g.writeArrayFieldStart("calls");
                for (int call : a.bodies().get(p)) g.writeString(a.names().name(call));
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.write('\n');
        out.flush();
    }

    private static void node(JsonGenerator g, Segment s) throws IOException {
        g.writeStartObject();
        g.writeNumberField("id", s.id());
        g.writeFieldName("parent");
        if (s.parent() < 0) g.writeNull();
        else g.writeNumber(s.parent());
        g.writeNumberField("depth", s.depth());
        g.writeNumberField("start", s.start());
        g.writeNumberField("end", s.end());
        g.writeNumberField("length", s.length());
        g.writeNumberField("djs", s.djs());
        g.writeFieldName("cut");
        if (s.cut() < 0) g.writeNull();
        else g.writeNumber(s.cut());
        g.writeFieldName("strength");
        if (Double.isNaN(s.strength())) g.writeNull();
        else g.writeNumber(s.strength());
        g.writeEndObject();
    }

    private static void phase(JsonGenerator g, Phase p) throws IOException {
        g.writeStartObject();
        g.writeNumberField("index", p.index());
        g.writeNumberField("start", p.firstCall());
        g.writeNumberField("end", p.lastCall());
        g.writeNumberField("calls", p.calls());
        g.writeArrayFieldStart("patterns");
        for (int id : p.patterns()) g.writeNumber(id);
        g.writeEndArray();
        g.writeArrayFieldStart("functions");
        for (Phase.FunctionCalls f : p.functions()) {
            g.writeStartObject();
            g.writeStringField("name", f.name());
            g.writeNumberField("calls", f.calls());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeNumberField("duration_ns", p.durationNs());
        g.writeNumberField("compute_ns", p.computeNs());
        g.writeEndObject();
    }
}
