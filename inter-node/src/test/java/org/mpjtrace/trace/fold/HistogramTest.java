package org.mpjtrace.trace.fold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HistogramTest {

    @Test
    void quantilesAreMonotoneAndWithinMinMax() {
        Random rnd = new Random(4);
        for (int trial = 0; trial < 200; trial++) {
            Histogram h = new Histogram();
            for (int i = 1 + rnd.nextInt(1000); i > 0; i--) h.add((long) Math.exp(rnd.nextDouble() * 20));
            long previous = h.min();
            for (double q : Histogram.QUANTILES) {
                long v = h.quantile(q);
                assertTrue(v >= previous && v <= h.max(), "q" + q + "=" + v);
                previous = v;
            }
        }
    }

    @Test
    void aSummaryKeepsCountMinMaxMeanAndRoughlyTheMedian() {
        Histogram h = new Histogram();
        for (int i = 0; i < 1000; i++) h.add(1000 + i);
        long[] q = new long[Histogram.QUANTILES.length];
        for (int i = 0; i < q.length; i++) q[i] = h.quantile(Histogram.QUANTILES[i]);
        Histogram back = Histogram.ofSummary(h.count(), h.min(), h.max(), Math.round(h.mean()), q);
        assertEquals(h.count(), back.count());
        assertEquals(h.min(), back.min());
        assertEquals(h.max(), back.max());
        assertEquals(Math.round(h.mean()), Math.round(back.mean()));
        long total = 0;
        for (int b = 0; b < Histogram.BINS; b++) total += back.bin(b);
        assertEquals(h.count(), total, "the rebuilt bins hold the whole count");
        assertTrue(Math.abs(back.quantile(0.5) - h.quantile(0.5)) < 500);
    }

    @Test
    void scalingCountsEveryOccurrenceMoreTimesAndKeepsTheDistribution() {
        Histogram h = new Histogram();
        for (int i = 1; i <= 100; i++) h.add(i * 1000L);
        Histogram x = h.times(7);
        assertEquals(700, x.count());
        assertEquals(h.min(), x.min());
        assertEquals(h.max(), x.max());
        assertEquals(h.mean(), x.mean(), 1e-9);
        assertEquals(h.quantile(0.5), x.quantile(0.5));
        assertEquals(100, h.count(), "the original is unchanged");
    }

    @Test
    void scalingKeepsTheMeanBetweenMinAndMaxWhateverTheRounding() {
        // A histogram read back from a file is binned even with a few occurrences, and its sum is the mean
        // times the count: scaling min, max and sum each with its own rounding once put the mean half a
        // nanosecond above the max (4 x 10120 ns by 1.0000395), which the file's reader rejects.
        long[] quantiles = {10_120, 10_120, 10_120, 10_120, 10_120};
        Histogram decoded = Histogram.ofSummary(4, 10_120, 10_120, 10_120, quantiles);
        Histogram x = decoded.scaled(1 + 0.4 / 10_120);
        assertTrue(x.mean() <= x.max() && x.mean() >= x.min(), "mean " + x.mean() + " in [" + x.min() + ", " + x.max() + "]");

        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 10_000; i++) {
            long v = random.nextLong(1, 10_000_000);
            long count = random.nextLong(1, 50);
            long w = v + random.nextLong(0, 3);
            Histogram h = Histogram.ofSummary(count, v, w, v + (w - v) / 2, new long[] {v, v, v, w, w});
            Histogram s = h.scaled(random.nextDouble(0.5, 2));
            assertTrue(s.mean() >= s.min() && s.mean() <= s.max(),
                    "count " + count + ", " + v + ".." + w + ": mean " + s.mean() + " in [" + s.min() + ", " + s.max() + "]");
        }
    }

    @Test
    void scalingValuesKeepsTheCountAndScalesMinMaxMeanAndQuantiles() {
        Histogram binned = new Histogram();
        for (int i = 1; i <= 100; i++) binned.add(i * 1000L);
        Histogram x = binned.scaled(0.25);
        assertEquals(100, x.count());
        assertEquals(250, x.min());
        assertEquals(25_000, x.max());
        assertEquals(binned.mean() / 4, x.mean(), 1);
        long total = 0;
        for (int b = 0; b < Histogram.BINS; b++) total += x.bin(b);
        assertEquals(100, total, "every occurrence is still in a bin");
        // Bins are log2 wide: a scaled quantile lands within a factor of two of the exact one.
        long median = x.quantile(0.5);
        assertTrue(median >= binned.quantile(0.5) / 8 && median <= binned.quantile(0.5) / 2, "median " + median);

        Histogram few = new Histogram();
        few.add(3000);
        few.add(5000);
        Histogram y = few.scaled(1.5);
        assertEquals(List.of(2L, 4500L, 7500L, 12_000L), List.of(y.count(), y.min(), y.max(), y.sum()), "kept values scale exactly");
        assertEquals(few.mean(), few.scaled(1).mean(), 0);
        assertEquals(0, new Histogram().scaled(3).count());
        assertThrows(IllegalArgumentException.class, () -> few.scaled(-1));
        assertThrows(IllegalArgumentException.class, () -> few.scaled(Double.NaN));
    }

    @Test
    void oneValueNeedsNoBinsAndReadsLikeAnyOther() {
        Histogram one = new Histogram();
        one.add(5000);
        Histogram binned = new Histogram();
        binned.addAll(one);
        for (int b = 0; b < Histogram.BINS; b++) assertEquals(binned.bin(b), one.bin(b), "bin " + b);
        assertEquals(5000, one.quantile(0.5));
        assertEquals(1, one.bin(Histogram.bin(5000L)));
        one.add(70);
        assertEquals(2, one.count());
        assertEquals(1, one.bin(Histogram.bin(5000L)), "the first value moved into the bins");
        assertEquals(1, one.bin(Histogram.bin(70L)));
        assertEquals(70, one.min());
    }

    /**
     * Values kept one by one before the bins are made, and merges of histograms in either form, read
     * exactly as bins counted value by value: every count from 0 past the point where the bins are made.
     */
    @Test
    void keptValuesAndMergesReadExactlyLikeBinsCountedOneByOne() {
        Random rnd = new Random(11);
        for (int trial = 0; trial < 2000; trial++) {
            int n = rnd.nextInt(3 * Histogram.FEW), split = n == 0 ? 0 : rnd.nextInt(n + 1);
            long[] values = new long[n];
            for (int i = 0; i < n; i++) values[i] = rnd.nextInt(4) == 0 ? -rnd.nextInt(5) : (long) Math.exp(rnd.nextDouble() * 30);
            Histogram whole = new Histogram(), left = new Histogram(), right = new Histogram();
            long[] bins = new long[Histogram.BINS];
            long sum = 0, min = Long.MAX_VALUE, max = Long.MIN_VALUE;
            for (int i = 0; i < n; i++) {
                long v = Math.max(0, values[i]);
                bins[Histogram.bin(v)]++;
                sum += v;
                min = Math.min(min, v);
                max = Math.max(max, v);
                whole.add(values[i]);
                (i < split ? left : right).add(values[i]);
            }
            left.addAll(right);
            for (Histogram h : new Histogram[] {whole, left}) {
                assertEquals(n, h.count());
                assertEquals(sum, h.sum());
                assertEquals(n == 0 ? 0 : min, h.min());
                assertEquals(n == 0 ? 0 : max, h.max());
                for (int b = 0; b < Histogram.BINS; b++) assertEquals(bins[b], h.bin(b), "bin " + b + " of " + n + " values");
            }
            for (double q : Histogram.QUANTILES) assertEquals(whole.quantile(q), left.quantile(q));
        }
    }
}
