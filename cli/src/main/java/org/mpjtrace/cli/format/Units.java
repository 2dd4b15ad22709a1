package org.mpjtrace.cli.format;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Numbers as people read them in reports. Times are formatted from exact nanosecond counts with
 * BigDecimal rather than String.format: decode prints millions of them, and doubles would print
 * rounding noise for long runs.
 */
public final class Units {

    private Units() {}

    /**
     * Nanoseconds as microseconds: three decimals (nanosecond resolution) below 10 us, where the
     * digits matter for short calls, one decimal above, where they would be noise.
     */
    public static String micros(long nanos) {
        int decimals = Math.abs(nanos) < 10_000 ? 3 : 1;
        return BigDecimal.valueOf(nanos, 3).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
    }

    /** Nanoseconds as milliseconds with three decimals (microsecond resolution). */
    public static String millis(long nanos) {
        return BigDecimal.valueOf(nanos, 6).setScale(3, RoundingMode.HALF_UP).toPlainString();
    }

    /**
     * Nanoseconds as milliseconds to three significant figures: for a figure a trace keeps coarsely (a
     * compressed trace's set-up times, to 2.5%), whose further digits would be the coding's, not the run's.
     */
    public static String millisThreeFigures(long nanos) {
        if (nanos == 0) return "0";
        return BigDecimal.valueOf(nanos, 6).round(new MathContext(3, RoundingMode.HALF_UP)).stripTrailingZeros().toPlainString();
    }

    /** Nanoseconds as seconds with three decimals. */
    public static String seconds(long nanos) {
        return BigDecimal.valueOf(nanos, 9).setScale(3, RoundingMode.HALF_UP).toPlainString();
    }

    /** A mean such as an end-point signature with two decimals; "-" for a value that is not a number. */
    public static String twoDecimals(double v) {
        if (!Double.isFinite(v)) return "-";
        return BigDecimal.valueOf(v).setScale(2, RoundingMode.HALF_UP).toPlainString();
    }

    /** {@code part} as a percentage of {@code whole} with two decimals; "-" when there is no whole. */
    public static String percent(long part, long whole) {
        return whole <= 0 ? "-" : twoDecimals(100.0 * part / whole);
    }

    /** A file size with one decimal and a decimal unit (B, kB, MB, GB), as ls -h --si would. */
    public static String fileSize(long bytes) {
        if (bytes < 1000) return bytes + " B";
        String[] units = {"kB", "MB", "GB", "TB"};
        double v = bytes;
        int u = -1;
        while (v >= 999.95 && u < units.length - 1) {
            v /= 1000;
            u++;
        }
        return BigDecimal.valueOf(v).setScale(1, RoundingMode.HALF_UP).toPlainString() + " " + units[u];
    }
}
