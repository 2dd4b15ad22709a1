package org.mpjtrace.cli.chart;

import java.awt.Color;
import java.awt.Paint;
import java.io.Serializable;
import org.jfree.chart.renderer.PaintScale;

/**
 * A sequential colour scale for JFreeChart from 0 to a maximum: pale yellow for little through green and
 * blue to dark purple for the most (the stops of viridis, reversed so that more is darker on white), so
 * that a heavy pair of ranks stands out and the order of two colours can be read without the legend.
 */
final class ColourRamp implements PaintScale, Serializable {
    private static final long serialVersionUID = 1L;
    private static final Color[] STOPS = {new Color(0xFD, 0xE7, 0x25), new Color(0x5E, 0xC9, 0x62), new Color(0x21, 0x91, 0x8C),
            new Color(0x3B, 0x52, 0x8B), new Color(0x44, 0x01, 0x54)};
    private final double upper;

    /** @param upper the largest value (at least 1, so a matrix of zeros still has a scale) */
    ColourRamp(double upper) {
        this.upper = Math.max(1, upper);
    }

    @Override
    public double getLowerBound() {
        return 0;
    }

    @Override
    public double getUpperBound() {
        return upper;
    }

    @Override
    public Paint getPaint(double value) {
        double f = Math.max(0, Math.min(1, value / upper)) * (STOPS.length - 1);
        int i = Math.min((int) f, STOPS.length - 2);
        double t = f - i;
        Color a = STOPS[i], b = STOPS[i + 1];
        return new Color(mix(a.getRed(), b.getRed(), t), mix(a.getGreen(), b.getGreen(), t), mix(a.getBlue(), b.getBlue(), t));
    }

    private static int mix(int a, int b, double t) {
        return (int) Math.round(a + (b - a) * t);
    }
}
