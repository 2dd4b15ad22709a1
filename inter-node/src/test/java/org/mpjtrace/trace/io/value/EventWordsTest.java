package org.mpjtrace.trace.io.value;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.ByteArrayInputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.Event;

class EventWordsTest {
    private static final int[] EDGES = {0, 1, -1, 63, 64, -64, -65, 127, 128, 8191, 8192, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE + 1};
    private static final long[] LONG_EDGES = {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 55, -(1L << 55), 1L << 56, (1L << 62) + 3, -(1L << 62)};

    /** Events whose every word takes edge and random values, the first field's widest encodings among them. */
    private static long[] events(int count, long seed) {
        Random rnd = new Random(seed);
        long[] w = new long[count * Event.WORDS];
        for (int i = 0; i < count; i++) {
            int b = i * Event.WORDS;
            w[b + Event.W_OP_SITE] = Event.pack(rnd.nextInt(1 << 16), i % 7 == 0 ? Integer.MAX_VALUE : rnd.nextInt(1000));
            w[b + Event.W_STACK] = rnd.nextLong();
            for (int k = Event.W_COMM_DTYPE; k <= Event.W_KEY_RESULT; k++)
                w[b + k] = Event.pack(pick(rnd), pick(rnd));
            w[b + Event.W_ENTER] = rnd.nextInt(4) == 0 ? LONG_EDGES[rnd.nextInt(LONG_EDGES.length)] : rnd.nextLong() >> rnd.nextInt(64);
            w[b + Event.W_EXIT] = rnd.nextInt(4) == 0 ? LONG_EDGES[rnd.nextInt(LONG_EDGES.length)] : w[b + Event.W_ENTER] + rnd.nextInt(100_000);
            w[b + Event.W_DIGEST] = rnd.nextInt(3) == 0 ? 0 : rnd.nextLong();
        }
        return w;
    }

    private static int pick(Random rnd) {
        return rnd.nextInt(3) == 0 ? EDGES[rnd.nextInt(EDGES.length)] : rnd.nextInt() >> rnd.nextInt(32);
    }

    private static byte[] written(long[] w, int count, long initNanos) {
        Output out = new Output(1024, -1);
        EventWords.write(out, w, count, initNanos);
        return out.toBytes();
    }

    @Test
    void everyWordComesBackFromABufferThatHoldsThemAll() {
        int count = 5_000;
        long[] w = events(count, 7);
        byte[] bytes = written(w, count, 123_456_789L);
        Input in = new BoundedInput(new ByteArrayInputStream(bytes), bytes.length);
        assertArrayEquals(w, EventWords.read(in, count, 123_456_789L));
        assertEquals(bytes.length, in.total());
    }

    @Test
    void everyWordComesBackWhenEventsStraddleTheEndOfASmallBuffer() {
        int count = 3_000;
        long[] w = events(count, 11);
        byte[] bytes = written(w, count, -5L);
        for (int size : new int[] {256, 300, 1000}) {
            Input in = new Input(new ByteArrayInputStream(bytes), size);
            assertArrayEquals(w, EventWords.read(in, count, -5L), "buffer of " + size + " bytes");
        }
    }
}
