package org.mpjtrace.signatures.cluster;

import org.mpjtrace.signatures.RunningMean;

/**
 * The LOOP signature: four 16-bit fields in one word. The low field holds the mean iteration count of
 * the innermost loops (those with no loop inside), the next field that of the loops one level out, the
 * third the level above that, and the top field every loop from the fourth level out. Each field
 * saturates at 65,535, so deep nests or huge counts never overflow into their neighbour, and an outer
 * level always weighs more than the inner ones when the word is read as a number.
 */
public final class LoopSignature {
    private static final int LEVELS = 4;
    private static final long FIELD_MAX = 0xFFFF;

    private final RunningMean[] means = {new RunningMean(), new RunningMean(), new RunningMean(), new RunningMean()};

    /**
     * One loop of the trace.
     *
     * @param height     0 for an innermost loop, 1 for a loop whose deepest inner loop is innermost, ...
     * @param iterations its iteration count
     */
    public void add(int height, long iterations) {
        if (height < 0) throw new IllegalArgumentException("loop height " + height);
        means[Math.min(height, LEVELS - 1)].add(iterations);
    }

    /** The packed word; 0 when no loop was added. */
    public long word() {
        long word = 0;
        for (int level = 0; level < LEVELS; level++) {
            long field = Math.min(FIELD_MAX, Math.round(means[level].mean()));
            word |= field << (16 * level);
        }
        return word;
    }

    /** One level's field of a packed word: 0 innermost ... 3 (fourth level and out). */
    public static int field(long word, int level) {
        if (level < 0 || level >= LEVELS) throw new IllegalArgumentException("loop level " + level);
        return (int) ((word >>> (16 * level)) & FIELD_MAX);
    }

    /** The word as its four means, innermost first, e.g. {@code 10/100/0/0}. */
    public static String describe(long word) {
        return field(word, 0) + "/" + field(word, 1) + "/" + field(word, 2) + "/" + field(word, 3);
    }
}
