package org.mpjtrace.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CallTimesTest {
    private static final long INIT = 5_000_000_000L;

    @Test
    void everyCallOfEveryThreadGetsBackItsEnterAndExitWhateverTheInterleaving() {
        Random rnd = new Random(9);
        int threads = 4;
        List<List<long[]>> calls = new ArrayList<>();
        for (int t = 0; t < threads; t++) calls.add(new ArrayList<>());
        long[] clocks = new long[threads];
        Arrays.fill(clocks, INIT);
        CallTimes.Builder b = CallTimes.builder(INIT);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            int t = rnd.nextInt(10) == 0 ? 3 : rnd.nextInt(3);
            // Intervals may even be negative (another thread's clock), durations long or zero.
            long enter = clocks[t] + (rnd.nextInt(50) == 0 ? -rnd.nextInt(1000) : rnd.nextInt(1 << rnd.nextInt(30)));
            long exit = enter + (rnd.nextInt(20) == 0 ? 0 : rnd.nextLong() >>> (20 + rnd.nextInt(40)));
            b.add(t, enter, exit);
            clocks[t] = exit;
            calls.get(t).add(new long[] {enter, exit});
            order.add(t);
        }
        CallTimes times = b.build();
        assertNull(times.problem());
        assertEquals(20_000, times.calls());
        CallTimes.Clock clock = times.clock(INIT);
        int[] next = new int[threads];
        // Read back in another interleaving than the one written: each thread's own order is what counts.
        for (int t = threads - 1; t >= 0; t--) {
            while (clock.next(t)) {
                long[] call = calls.get(t).get(next[t]++);
                assertEquals(call[0], clock.enter());
                assertEquals(call[1], clock.exit());
            }
            assertEquals(calls.get(t).size(), next[t], "thread " + t);
        }
        assertFalse(clock.next(7), "a thread with no times has none");
    }

    @Test
    void aRegularLoopTakesAFewBytesACall() {
        CallTimes.Builder b = CallTimes.builder(INIT);
        long now = INIT;
        for (int i = 0; i < 10_000; i++) {
            long enter = now + 2_000 + (i % 7) * 13;
            long exit = enter + 300 + (i % 3);
            b.add(0, enter, exit);
            now = exit;
        }
        CallTimes times = b.build();
        assertTrue(times.of(0).pairs().length <= 4 * 10_000, times.of(0).toString());
    }

    @Test
    void timesThatDoNotDecodeToTheirCallsAreNamedAsAProblem() {
        CallTimes.Builder b = CallTimes.builder(INIT);
        b.add(0, INIT + 10, INIT + 20);
        b.add(0, INIT + 30, INIT + 45);
        byte[] pairs = b.build().of(0).pairs();
        assertNull(new CallTimes(List.of(new CallTimes.ThreadTimes(0, 2, pairs))).problem());
        assertNotNull(new CallTimes(List.of(new CallTimes.ThreadTimes(0, 3, pairs))).problem(), "more calls than pairs");
        assertNotNull(new CallTimes(List.of(new CallTimes.ThreadTimes(0, 1, pairs))).problem(), "bytes left over");
        assertNotNull(new CallTimes(List.of(new CallTimes.ThreadTimes(0, Integer.MAX_VALUE, pairs))).problem(), "a hostile count");
        byte[] cut = Arrays.copyOf(pairs, pairs.length - 1);
        assertNotNull(new CallTimes(List.of(new CallTimes.ThreadTimes(0, 2, cut))).problem(), "cut short");
        byte[] endless = new byte[16];
        Arrays.fill(endless, (byte) 0x80);
        assertNotNull(new CallTimes(List.of(new CallTimes.ThreadTimes(0, 2, endless))).problem(), "a varint that never ends");
        assertNotNull(new CallTimes(List.of(new CallTimes.ThreadTimes(1, 2, pairs), new CallTimes.ThreadTimes(0, 2, pairs))).problem(),
                "threads out of order");
    }

    @Test
    void timesOfEveryLengthKryoWritesAreCountedAsItReadsThem() {
        // Every varlong length from 1 to 9 bytes, the ninth byte with its top bit set or clear.
        long[] values = {0, -1, 63, -64, 1L << 20, -(1L << 40), 1L << 55, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, -(1L << 62)};
        com.esotericsoftware.kryo.io.Output out = new com.esotericsoftware.kryo.io.Output(256, -1);
        for (long v : values) out.writeVarLong(v, false);
        out.writeVarLong(values[0], false); // an even count: pairs
        byte[] pairs = out.toBytes();
        int calls = (values.length + 1) / 2;
        assertNull(new CallTimes(List.of(new CallTimes.ThreadTimes(0, calls, pairs))).problem());
        assertNotNull(new CallTimes(List.of(new CallTimes.ThreadTimes(0, calls + 1, pairs))).problem(), "one call more");
        assertNotNull(new CallTimes(List.of(new CallTimes.ThreadTimes(0, calls - 1, pairs))).problem(), "one call fewer");
        CallTimes.Clock clock = new CallTimes(List.of(new CallTimes.ThreadTimes(0, calls, pairs))).clock(0);
        for (int i = 0; i < calls; i++) assertTrue(clock.next(0));
        assertTrue(!clock.next(0));
    }

    /** timing=lossy: each interval and duration within epsilon of the probe's (within 500 ns below 1 us), the absolute times drifting. */
    @Test
    void lossyTimesGiveEachIntervalAndDurationWithinEpsilon() {
        double epsilon = 0.05;
        Random rnd = new Random(3);
        CallTimes.Builder b = CallTimes.builder(INIT, epsilon);
        List<long[]> calls = new ArrayList<>();
        long clock = INIT;
        for (int i = 0; i < 10_000; i++) {
            long enter = clock + rnd.nextInt(1 << rnd.nextInt(25)), exit = enter + rnd.nextInt(1 << rnd.nextInt(25));
            b.add(0, enter, exit);
            calls.add(new long[] {enter - clock, exit - enter});
            clock = exit;
        }
        CallTimes times = b.build();
        assertNull(times.problem());
        assertEquals(epsilon, times.epsilon());
        CallTimes.Clock c = times.clock(INIT);
        long lastExit = INIT;
        for (long[] call : calls) {
            assertTrue(c.next(0));
            long interval = c.enter() - lastExit, duration = c.exit() - c.enter();
            lastExit = c.exit();
            assertTrue(Math.abs(interval - call[0]) <= Math.max(epsilon * call[0], 500), interval + " against " + call[0]);
            assertTrue(Math.abs(duration - call[1]) <= Math.max(epsilon * call[1], 500), duration + " against " + call[1]);
        }
        assertNotNull(new CallTimes(times.threads(), 0.0001).problem(), "an epsilon timing=lossy does not take");
    }
}
