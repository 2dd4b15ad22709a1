package org.mpjtrace.cli.chart;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.xy.DefaultXYZDataset;
import org.mpjtrace.cli.export.MessageMatrix;

/**
 * {@code mpjtrace heatmap}'s picture: the rank-by-rank communication matrix drawn with JFreeChart, a
 * block per pair of ranks that exchanged messages (sender down the side, rank 0 at the top as in a
 * matrix, receiver along the bottom), coloured by bytes or by messages on a scale shown beside it; pairs
 * that exchanged nothing stay white. Written as a PNG.
 */
public final class Heatmap {
    /** What a block's colour measures. */
    public enum Metric {
        BYTES("bytes sent"), COUNT("messages sent");

        final String label;

        Metric(String label) {
            this.label = label;
        }
    }

    private Heatmap() {}

    /** Draws {@code m} as a {@code width} x {@code height} PNG into {@code out} (not closed). */
    public static void writePng(MessageMatrix m, Metric metric, String title, String subtitle, int width, int height, OutputStream out)
            throws IOException {
        int n = m.size();
        List<double[]> cells = new ArrayList<>();
        double max = 0;
        for (int from = 0; from < n; from++)
            for (int to = 0; to < n; to++) {
                double v = metric == Metric.BYTES ? m.bytes(from, to) : m.count(from, to);
                if (v == 0) continue;
                cells.add(new double[] {to, from, v});
                max = Math.max(max, v);
            }
        double[][] series = new double[3][cells.size()];
        for (int i = 0; i < cells.size(); i++) for (int k = 0; k < 3; k++) series[k][i] = cells.get(i)[k];
        DefaultXYZDataset data = new DefaultXYZDataset();
        data.addSeries(metric.label, series);

        ColourRamp scale = new ColourRamp(max);
        XYBlockRenderer blocks = new XYBlockRenderer();
        blocks.setBlockWidth(1);
        blocks.setBlockHeight(1);
        blocks.setBlockAnchor(RectangleAnchor.CENTER);
        blocks.setPaintScale(scale);

        NumberAxis receiver = new NumberAxis("receiver rank");
        NumberAxis sender = new NumberAxis("sender rank");
        for (NumberAxis a : new NumberAxis[] {receiver, sender}) {
            a.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
            a.setRange(-0.5, n - 0.5);
            a.setLowerMargin(0);
            a.setUpperMargin(0);
        }
        sender.setInverted(true);
        XYPlot plot = new XYPlot(data, receiver, sender, blocks);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinesVisible(false);
        plot.setOutlinePaint(Color.GRAY);

        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, false);
        chart.setBackgroundPaint(Color.WHITE);
        chart.addSubtitle(new TextTitle(subtitle));
        NumberAxis scaleAxis = new NumberAxis(metric.label);
        scaleAxis.setRange(0, scale.getUpperBound());
        PaintScaleLegend legend = new PaintScaleLegend(scale, scaleAxis);
        legend.setPosition(RectangleEdge.RIGHT);
        legend.setMargin(new RectangleInsets(10, 10, 10, 10));
        legend.setStripWidth(18);
        legend.setBackgroundPaint(Color.WHITE);
        chart.addSubtitle(legend);
        ChartUtils.writeChartAsPNG(out, chart, width, height);
    }
}
