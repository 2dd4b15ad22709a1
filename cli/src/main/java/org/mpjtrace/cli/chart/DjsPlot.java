package org.mpjtrace.cli.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.OutputStream;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The D_JS curve of {@code mpjtrace phases --plot} drawn with JFreeChart, as the trace-segmentation
 * paper's Fig. 11: for each cut position of the root segment's pattern sequence (the last position of
 * the left part) the Jensen-Shannon divergence between left and right, with a red vertical line at each
 * cut the phases were made at. The root's own cut is the curve's maximum; the deeper cuts were chosen
 * within their segments, so they need not be peaks of this curve.
 */
public final class DjsPlot {
    private static final Color CURVE = new Color(0x3B, 0x52, 0x8B), CUT = new Color(0xC6, 0x28, 0x28);

    private DjsPlot() {}

    /**
     * Draws {@code curve} (value i: D_JS of positions 0..i against the rest) with a marker at each of
     * {@code cuts} as a {@code width} x {@code height} PNG into {@code out} (not closed).
     */
    public static void writePng(double[] curve, int[] cuts, String title, String subtitle, int width, int height, OutputStream out)
            throws IOException {
        XYSeries series = new XYSeries("D_JS(left, right)");
        for (int i = 0; i < curve.length; i++) series.add(i, curve[i]);
        NumberAxis x = new NumberAxis("cut position pc (last pattern occurrence of the left part)");
        x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        x.setAutoRangeIncludesZero(true);
        NumberAxis y = new NumberAxis("D_JS (nats)");
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, curve.length <= 200);
        renderer.setSeriesPaint(0, CURVE);
        renderer.setSeriesStroke(0, new BasicStroke(1.5f));
        XYPlot plot = new XYPlot(new XYSeriesCollection(series), x, y, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        for (int c : cuts) {
            ValueMarker m = new ValueMarker(c, CUT, new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f,
                    new float[] {5f, 3f}, 0f));
            m.setLabel("pc=" + c);
            m.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            m.setLabelPaint(CUT);
            m.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
            m.setLabelTextAnchor(TextAnchor.TOP_LEFT);
            plot.addDomainMarker(m);
        }
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, true);
        chart.addSubtitle(new TextTitle(subtitle, new Font(Font.SANS_SERIF, Font.PLAIN, 12)));
        chart.setBackgroundPaint(Color.WHITE);
        ChartUtils.writeChartAsPNG(out, chart, width, height);
    }
}
