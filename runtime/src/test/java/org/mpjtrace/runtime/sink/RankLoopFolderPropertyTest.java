package org.mpjtrace.runtime.sink;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.fixtures.SyntheticStream;
import org.mpjtrace.trace.Op;

/**
 * Round trip over random streams made of random nested repetitions of random blocks: whatever loops the
 * compression finds (or misses), expanding gives back exactly the input.
 */
class RankLoopFolderPropertyTest {
    private static final Op[] OPS = {Op.SEND, Op.RECV, Op.ISEND, Op.IRECV, Op.WAITALL, Op.ALLREDUCE, Op.BARRIER, Op.SENDRECV};

    @Test
    void compressThenExpandIsTheIdentity() {
        Random rnd = new Random(2026);
        for (int trial = 0; trial < 300; trial++) {
            SyntheticStream s = new SyntheticStream(rnd.nextInt(64));
            emitBlock(s, rnd, 3);
            RankLoopFolderTest.assertLossless(s);
        }
    }

    /** A block: a few calls and sub-blocks, the whole repeated a random number of times. */
    private static void emitBlock(SyntheticStream s, Random rnd, int depth) {
        int repeats = 1 + rnd.nextInt(depth == 3 ? 3 : 12);
        int parts = 1 + rnd.nextInt(4);
        long[] seeds = new long[parts];
        for (int i = 0; i < parts; i++) seeds[i] = rnd.nextLong();
        boolean varyValues = rnd.nextBoolean();
        for (int r = 0; r < repeats; r++) {
            for (int i = 0; i < parts; i++) {
                Random part = new Random(seeds[i]);
                if (depth > 0 && part.nextInt(3) == 0) {
                    emitBlock(s, new Random(seeds[i] + (varyValues ? r : 0)), depth - 1);
                } else {
                    int k = part.nextInt(OPS.length);
                    s.call(OPS[k], 40 + k).peer(part.nextInt(5) - 2 + (varyValues ? r % 3 : 0)).tag(part.nextInt(3))
                            .count(part.nextInt(100) + (varyValues ? r : 0)).req(part.nextInt(4));
                }
            }
        }
    }
}
