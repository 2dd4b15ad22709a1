package org.mpjtrace.cli.chart;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.OutputStream;
import java.util.EnumMap;
import java.util.Map;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.mpjtrace.cli.export.TimeOrigins;
import org.mpjtrace.cli.format.TimedCalls;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * A window of each rank's calls as a timeline drawn with JFreeChart: a row per rank, a bar per call from
 * its start to its end, coloured by kind (point-to-point, collective, wait/test, other); the gaps are the
 * program's own computation. A dump's times are as measured, from the first MPI.Init on the rank's host
 * (the ranks of one host share one clock); a compressed trace's are its mean times, each rank from its
 * MPI.Init. The window opens at the end of rank 0's MPI.Init and holds its first {@code calls} calls
 * after it, the same span of time on every rank; at most {@code maxRanks} rows.
 */
public final class Timeline {
    private enum Kind {
        POINT_TO_POINT("point-to-point", new Color(0x3B, 0x52, 0x8B)), COLLECTIVE("collective", new Color(0xE0, 0x6C, 0x1F)),
        COMPLETION("wait/test", new Color(0x5E, 0xC9, 0x62)), OTHER("other", new Color(0x99, 0x99, 0x99));

        final String label;
        final Color colour;

        Kind(String label, Color colour) {
            this.label = label;
            this.colour = colour;
        }

        static Kind of(Op op) {
            if (op == null) return OTHER;
            return switch (op.family) {
                case P2P -> POINT_TO_POINT;
                case COLLECTIVE -> COLLECTIVE;
                case COMPLETION -> COMPLETION;
                default -> OTHER;
            };
        }
    }

    /** Calls in a row past the window after which a rank's remaining calls are taken to be past it too. */
    private static final int PAST_WINDOW = 4096;

    private Timeline() {}

    /** Ends a rank's walk once its calls are past the window. */
    private static final class WindowEnded extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final WindowEnded INSTANCE = new WindowEnded();

        private WindowEnded() {
            super(null, null, false, false);
        }
    }

    /** Draws the window as a {@code width} x {@code height} PNG into {@code out} (not closed); returns the window's end in ms. */
    public static double writePng(TraceFile trace, int calls, int maxRanks, int width, int height, OutputStream out) throws IOException {
        TimeOrigins origins = TimeOrigins.of(trace, false);
        long[] window = window(trace, calls, origins);
        Map<Kind, XYIntervalSeries> series = new EnumMap<>(Kind.class);
        for (Kind k : Kind.values()) series.put(k, new XYIntervalSeries(k.label));
        int rows = 0;
        for (RankTrace section : trace.ranks()) {
            if (rows++ >= maxRanks) break;
            long origin = origins.ofHost(section);
            int rank = section.rank();
            int[] past = {0};
            try {
                TimedCalls.forEach(trace, section, false, (c, b) -> {
                    long[] w = c.words();
                    Op op = Op.ofCode(Event.opCode(w, b));
                    if (op == Op.INIT || op == Op.FINALIZE) return;
                    long enter = Event.enter(w, b) - origin, exit = Event.exit(w, b) - origin;
                    // A thread's calls come in time order, its threads' in batches: this many in a row past the
                    // window means the rest are past it too, and the rank's other calls need not be read.
                    if (enter > window[1] && ++past[0] > PAST_WINDOW) throw WindowEnded.INSTANCE;
                    if (enter <= window[1]) past[0] = 0;
                    if (exit < window[0] || enter > window[1]) return;
                    double from = Math.max(enter, window[0]) / 1e6, to = Math.max(Math.min(exit, window[1]) / 1e6, from + 1e-4);
                    series.get(Kind.of(op)).add((from + to) / 2, from, to, rank, rank - 0.4, rank + 0.4);
                });
            } catch (WindowEnded e) {
                // The rest of the rank's calls are past the window.
            } catch (RuntimeException e) {
                // A rank whose calls cannot be rebuilt is left out of the picture; the report says what it can.
            }
        }
        XYIntervalSeriesCollection data = new XYIntervalSeriesCollection();
        for (XYIntervalSeries s : series.values()) data.addSeries(s);
        XYBarRenderer bars = new XYBarRenderer();
        bars.setUseYInterval(true);
        bars.setShadowVisible(false);
        bars.setBarPainter(new StandardXYBarPainter());
        int i = 0;
        for (Kind k : series.keySet()) bars.setSeriesPaint(i++, k.colour);
        NumberAxis time = new NumberAxis(origins.noneMeasured() ? "ms from each rank's MPI.Init" : "ms from the first MPI.Init");
        time.setRange(window[0] / 1e6, Math.max(window[1], window[0] + 1) / 1e6);
        NumberAxis ranks = new NumberAxis("rank");
        ranks.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        ranks.setRange(-0.5, Math.min(rows, maxRanks) - 0.5);
        ranks.setInverted(true);
        XYPlot plot = new XYPlot(data, time, ranks, bars);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xDD, 0xDD, 0xDD));
        plot.setRangeGridlinesVisible(false);
        JFreeChart chart = new JFreeChart("Calls over time, a window", new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        ChartUtils.writeChartAsPNG(out, chart, width, height);
        return window[1] / 1e6;
    }

    /** From the end of the first rank's MPI.Init to the end of its {@code calls}-th call after it. */
    private static long[] window(TraceFile trace, int calls, TimeOrigins origins) {
        if (trace.ranks().isEmpty()) return new long[] {0, 1};
        RankTrace first = trace.ranks().get(0);
        long origin = origins.ofHost(first);
        long[] w = {Long.MIN_VALUE, Long.MIN_VALUE};
        int[] seen = {0};
        try {
            TimedCalls.forEach(trace, first, false, (c, b) -> {
                long[] words = c.words();
                Op op = Op.ofCode(Event.opCode(words, b));
                long exit = Event.exit(words, b) - origin;
                if (op == Op.INIT) {
                    w[0] = exit;
                    return;
                }
                if (w[0] == Long.MIN_VALUE) w[0] = Event.enter(words, b) - origin;
                if (seen[0]++ < calls) w[1] = exit;
                else throw WindowEnded.INSTANCE;
            });
        } catch (WindowEnded e) {
            // The window is known.
        } catch (RuntimeException e) {
            // Nothing to draw from: an empty window.
        }
        if (w[0] == Long.MIN_VALUE) w[0] = 0;
        if (w[1] <= w[0]) w[1] = w[0] + 1_000_000;
        return w;
    }
}
