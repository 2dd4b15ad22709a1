package org.mpjtrace.trace.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.Histogram;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.global.Alternatives;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.ranks.RankSet;

/** timing=aggregate: a global trace's histograms keep their count, min, max and mean, and nothing more. */
class AggregateTimingTest {
    private static final RankSet ALL = RankSet.range(0, TraceSamples.WORLD, 1);

    @TempDir
    Path dir;

    /** Twenty events, each with times spread over three orders of magnitude. */
    private static GlobalTrace trace() {
        List<GlobalNode> nodes = new ArrayList<>();
        for (int e = 0; e < 20; e++) {
            List<Alternatives<ValueSeq>> fields = new ArrayList<>();
            for (Field f : Field.ALL) fields.add(Alternatives.of(ValueSeq.of(f == Field.PEER ? 1 : -1), ALL));
            Histogram compute = new Histogram(), inside = new Histogram();
            for (long v = 1; v < 100_000; v = v * 3 + e) {
                compute.add(v);
                inside.add(2 * v + 7);
            }
            nodes.add(new GlobalEvent(Op.SEND.code, 0, 1, e, ALL, fields, compute, inside));
        }
        return new GlobalTrace(nodes, ALL);
    }

    private Path write(String name, String timing) throws Exception {
        JobMeta m = TraceSamples.meta(TraceSamples.WORLD);
        Map<String, String> options = new LinkedHashMap<>(m.agentOptions());
        options.put("mode", "full");
        if (timing != null) options.put("timing", timing);
        JobMeta meta = new JobMeta("full", m.device(), m.worldSize(), m.startMillis(), m.endMillis(), m.mainClass(), options, m.tracerVersion());
        Path file = dir.resolve(name);
        try (TraceWriter w = TraceWriter.create(file, meta)) {
            w.writeSites(TraceSamples.sites());
            w.writeGlobal(trace());
            w.commit();
        }
        return file;
    }

    @Test
    void anAggregateTraceKeepsCountMinMaxAndMeanInFewerBytes() throws Exception {
        Path histogram = write("h.mpjt", null), aggregate = write("a.mpjt", "aggregate");
        long h = Files.size(histogram), a = Files.size(aggregate);
        // Five 2-byte quantiles of two histograms of 20 events: up to 200 bytes before LZ4.
        assertTrue(a + 100 < h, "aggregate " + a + " B, histogram " + h + " B");
        List<GlobalNode> kept = TraceReader.read(histogram).global().nodes(), summed = TraceReader.read(aggregate).global().nodes();
        for (int i = 0; i < kept.size(); i++) {
            GlobalEvent k = (GlobalEvent) kept.get(i), s = (GlobalEvent) summed.get(i);
            for (Histogram[] pair : new Histogram[][] {{k.compute(), s.compute()}, {k.inside(), s.inside()}}) {
                assertEquals(pair[0].count(), pair[1].count());
                assertEquals(pair[0].min(), pair[1].min());
                assertEquals(pair[0].max(), pair[1].max());
                assertEquals(Math.round(pair[0].mean()), Math.round(pair[1].mean()), 1e-9 * pair[0].mean() + 1);
                // The quantiles are gone: every one reads back as the mean, where the histogram's spread out.
                assertTrue(pair[0].quantile(0.10) < pair[0].quantile(0.90), "event " + i);
                long mean = Math.round(pair[1].mean());
                for (double q : Histogram.QUANTILES) {
                    long v = pair[1].quantile(q);
                    assertTrue(v >= mean / 2 && v <= 2 * mean, "event " + i + ": q" + q + " " + v + " against mean " + mean);
                }
            }
        }
    }
}
