package org.mpjtrace.trace.ranks;

import java.util.BitSet;
import java.util.Random;

/** Random rank sets of the kinds a trace meets: noise, progressions, rectangles, and mixtures. */
final class RandomSets {

    private RandomSets() {}

    /** A random set within [0, n]; the kind is picked by the generator too. */
    static BitSet any(Random random, int n) {
        return switch (random.nextInt(5)) {
            case 0 -> subset(random, n);
            case 1 -> progressions(random, n, 1 + random.nextInt(6));
            case 2 -> rectangles(random, n, 1 + random.nextInt(4));
            case 3 -> {
                BitSet b = rectangles(random, n, 1 + random.nextInt(3));
                b.or(progressions(random, n, 1 + random.nextInt(3)));
                b.or(sparse(random, n, random.nextInt(5)));
                yield b;
            }
            default -> {
                // A regular set with a few ranks missing: clustering often removes a handful.
                BitSet b = rectangles(random, n, 1);
                for (int i = random.nextInt(4); i > 0 && !b.isEmpty(); i--) b.clear(pick(random, b));
                yield b;
            }
        };
    }

    /** Each rank of [0, n] with one probability, from very sparse to nearly full. */
    static BitSet subset(Random random, int n) {
        double[] densities = {0.001, 0.01, 0.1, 0.5, 0.9, 0.99, 0.999};
        double p = densities[random.nextInt(densities.length)];
        BitSet b = new BitSet(n + 1);
        for (int r = 0; r <= n; r++) {
            if (random.nextDouble() < p) b.set(r);
        }
        return b;
    }

    static BitSet progressions(Random random, int n, int k) {
        BitSet b = new BitSet(n + 1);
        for (int i = 0; i < k; i++) {
            int start = random.nextInt(n + 1);
            int stride = 1 + random.nextInt(1 + random.nextInt(Math.max(1, n / 4)));
            int count = 1 + random.nextInt(1 + (n - start) / stride);
            for (int j = 0; j < count; j++) b.set(start + j * stride);
        }
        return b;
    }

    /** Rectangles (with strides of their own) in a row-major grid of random width over [0, n]. */
    static BitSet rectangles(Random random, int n, int k) {
        BitSet b = new BitSet(n + 1);
        int width = 2 + random.nextInt(Math.max(1, Math.min(n, 128)));
        int height = (n + 1) / width;
        if (height == 0) return b;
        for (int i = 0; i < k; i++) {
            int x0 = random.nextInt(width), y0 = random.nextInt(height);
            int sx = 1 + (random.nextInt(3) == 0 ? random.nextInt(3) : 0);
            int sy = 1 + (random.nextInt(3) == 0 ? random.nextInt(3) : 0);
            int cx = 1 + random.nextInt(1 + (width - 1 - x0) / sx);
            int cy = 1 + random.nextInt(1 + (height - 1 - y0) / sy);
            for (int y = 0; y < cy; y++) {
                for (int x = 0; x < cx; x++) b.set((y0 + y * sy) * width + x0 + x * sx);
            }
        }
        return b;
    }

    static BitSet sparse(Random random, int n, int k) {
        BitSet b = new BitSet(n + 1);
        for (int i = 0; i < k; i++) b.set(random.nextInt(n + 1));
        return b;
    }

    private static int pick(Random random, BitSet b) {
        int[] ranks = b.stream().toArray();
        return ranks[random.nextInt(ranks.length)];
    }
}
