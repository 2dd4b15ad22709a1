package org.mpjtrace.trace.ranks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.ranks.Grids.Part;

/**
 * Timings for the sizes an inter-node merge meets, printed only: a shared test machine makes any
 * timed assertion flaky. The assertions check the results, not the clock.
 */
class RankSetPerformanceTest {

    private static final int WARMUP = 200;
    private static final int RUNS = 200;

    @Test
    void compressionTimings() {
        int[] interior = Grids.product(new int[] {256, 256}, new Part[] {Part.MID, Part.MID});
        assertEquals("<2 257 254 1 254 256>", RankSet.of(interior).toString());
        report("interior of 256x256 (" + interior.length + " ranks)", interior);

        int[] all = Grids.product(new int[] {256, 256}, new Part[] {Part.ALL, Part.ALL});
        report("all of 256x256 (" + all.length + " ranks)", all);

        Random random = new Random(1);
        BitSet bits = new BitSet();
        while (bits.cardinality() < 10_000) bits.set(random.nextInt(65_536));
        int[] noise = bits.stream().toArray();
        report("random 10,000 of 65,536 (" + RankSet.of(noise).sections().size() + " sections)", noise);

        RankSet a = RankSet.of(interior);
        RankSet b = RankSet.of(Grids.product(new int[] {256, 256}, new Part[] {Part.ENDS, Part.ALL}));
        long[] times = new long[RUNS];
        for (int i = 0; i < WARMUP; i++) a.union(b);
        for (int i = 0; i < RUNS; i++) {
            long t0 = System.nanoTime();
            a.union(b);
            times[i] = System.nanoTime() - t0;
        }
        print("union interior + left/right columns of 256x256", times);
    }

    private static void report(String what, int[] ranks) {
        long[] times = new long[RUNS];
        for (int i = 0; i < WARMUP; i++) RankSet.of(ranks);
        for (int i = 0; i < RUNS; i++) {
            long t0 = System.nanoTime();
            RankSet.of(ranks);
            times[i] = System.nanoTime() - t0;
        }
        print("compress " + what, times);
    }

    private static void print(String what, long[] times) {
        Arrays.sort(times);
        System.out.printf("ranks perf: %-60s median %7.1f us, min %7.1f us, max %8.1f us%n", what,
                times[times.length / 2] / 1e3, times[0] / 1e3, times[times.length - 1] / 1e3);
    }
}
