package org.mpjtrace.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LossyBinsTest {

    @ParameterizedTest(name = "epsilon {0}")
    @ValueSource(doubles = {0.001, 0.01, 0.05, 0.1, 0.5, 1})
    void everyTimeComesBackWithinEpsilonOrHalfAMicrosecondBelowOne(double epsilon) {
        SplittableRandom rnd = new SplittableRandom(7);
        LossyBins bins = LossyBins.of(epsilon);
        long previousBin = -1, previous = -1;
        // The bins' edges, where rounding in the logarithm would show, and times of every magnitude.
        for (int i = 0; i < 200_000; i++) {
            long nanos = i < 2_000 ? i : i % 2 == 0 ? (long) (1_000 * Math.pow(1 + epsilon, rnd.nextInt(4000) * epsilon > 40 ? 1 : rnd.nextInt(4000)))
                    : rnd.nextLong(1L << rnd.nextInt(1, 50));
            long bin = bins.bin(nanos), back = bins.value(bin);
            double allowed = nanos < 1_000 ? 500 : epsilon / 2 * nanos + 1;
            assertTrue(Math.abs(back - nanos) <= allowed, nanos + " ns in bin " + bin + " comes back as " + back + " ns");
            if (i < 2_000 && previous >= 0) assertTrue(bin >= previousBin, "bins grow with the time: " + previous + " then " + nanos);
            previousBin = bin;
            previous = nanos;
        }
    }

    @ParameterizedTest(name = "epsilon {0}")
    @ValueSource(doubles = {0.01, 0.05, 0.1, 0.5})
    void binsGrowWithTheTimeAndAMillionFoldRangeTakesFewOfThem(double epsilon) {
        LossyBins bins = LossyBins.of(epsilon);
        long last = 0;
        for (long nanos = 1_000; nanos <= 1_000_000_000L; nanos += Math.max(1, nanos / 997)) {
            long bin = bins.bin(nanos);
            assertTrue(bin >= last, nanos + " ns");
            last = bin;
        }
        assertTrue(last <= Math.log(1e6) / Math.log1p(epsilon) + 2, "1 us to 1 s in " + last + " bins");
        assertEquals(0, bins.bin(999));
        assertEquals(0, bins.bin(-5), "a negative time (a clock step) is the first bin");
        assertEquals(1, bins.bin(1_000));
        assertEquals(bins.value(bins.bin(Long.MAX_VALUE)), bins.value(Long.MAX_VALUE), "a bin past the last, from a hostile file, is the last");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(doubles = {0, -0.1, 0.0009, 1.5, Double.NaN, Double.POSITIVE_INFINITY})
    void epsilonIsFromAThousandthToOne(double epsilon) {
        assertFalse(LossyBins.valid(epsilon));
        assertThrows(IllegalArgumentException.class, () -> LossyBins.of(epsilon));
    }
}
