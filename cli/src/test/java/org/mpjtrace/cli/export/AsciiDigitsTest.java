package org.mpjtrace.cli.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AsciiDigitsTest {
    private static void check(long v) {
        byte[] buf = new byte[25];
        int end = AsciiDigits.write(buf, 3, v);
        assertEquals(Long.toString(v), new String(buf, 3, end - 3, StandardCharsets.US_ASCII));
    }

    @Test
    void everyPowerOfTenAndItsNeighboursIsItsDecimalDigits() {
        check(0);
        check(Long.MAX_VALUE);
        for (long p = 1; ; p *= 10) {
            check(p - 1);
            check(p);
            check(p + 1);
            if (p > Long.MAX_VALUE / 10) break;
        }
    }

    @Test
    void randomLongsOfEveryLengthAreTheirDecimalDigits() {
        Random rnd = new Random(3);
        for (int i = 0; i < 200_000; i++) check(rnd.nextLong() >>> (1 + rnd.nextInt(63)));
    }

    @Test
    void negativeLongsTheSmallestAmongThemKeepTheirSign() {
        Random rnd = new Random(4);
        for (long v : new long[] {-1, -9, -10, -99, Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE, 0}) checkSigned(v);
        for (int i = 0; i < 100_000; i++) checkSigned(rnd.nextLong() >> rnd.nextInt(64));
    }

    private static void checkSigned(long v) {
        byte[] buf = new byte[AsciiDigits.MAX_SIGNED + 4];
        int end = AsciiDigits.writeSigned(buf, 2, v);
        assertEquals(Long.toString(v), new String(buf, 2, end - 2, StandardCharsets.US_ASCII));
    }
}
