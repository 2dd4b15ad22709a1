package org.mpjtrace.trace.io.value;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class TimeCodeTest {

    @Test
    void exactBelow2048AndWithinAThousandthAbove() {
        for (long v = 0; v < 2048; v++) assertEquals(v, TimeCode.decode(TimeCode.encode(v)));
        Random rnd = new Random(1);
        for (int i = 0; i < 100_000; i++) {
            long v = 2048 + (rnd.nextLong() >>> (1 + rnd.nextInt(62)));
            long back = TimeCode.decode(TimeCode.encode(v));
            assertTrue(back <= v && v - back <= v / 1024, v + " -> " + back);
        }
    }

    @Test
    void fitsSixteenBitsAndKeepsOrder() {
        long previous = -1;
        int previousCode = -1;
        for (long v = 1; v > 0 && v < Long.MAX_VALUE / 3; v = v * 3 / 2 + 1) {
            int code = TimeCode.encode(v);
            assertTrue(code >= 0 && code <= 0xFFFF, v + " -> " + code);
            assertTrue(code >= previousCode && TimeCode.decode(code) >= previous);
            previous = TimeCode.decode(code);
            previousCode = code;
        }
        assertTrue(TimeCode.encode(Long.MAX_VALUE) <= 0xFFFF);
    }

    @Test
    void refusesWhatNoEncoderWrites() {
        assertThrows(CorruptDataException.class, () -> TimeCode.decode(0xFFFF));
        assertThrows(IllegalArgumentException.class, () -> TimeCode.encode(-1));
    }
}
