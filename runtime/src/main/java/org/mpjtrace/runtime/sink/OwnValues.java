package org.mpjtrace.runtime.sink;

import java.util.Arrays;
import java.util.List;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.fold.ValueSeq;

/**
 * One field's values at one stack of a rank, in call order, once they varied (until then
 * {@link StackSummaries} keeps only the one value and the count). Kept for the fold thread in blocks of
 * {@link #BLOCK} values: a block equal to the one before only counts a repetition, so a loop whose values
 * repeat with a period dividing the block (1 to 4, 6, 8, 12, 24: a stencil's neighbours) costs a store and,
 * once a block, a compare; no allocation. A block that differs moves what came before into a folded
 * {@link ValueSeq}, which is given up once it holds more than {@link StackSummary#MAX_ELEMENTS} elements:
 * values that do not fold stay a bounded cost, and are not kept.
 */
final class OwnValues {
    static final int BLOCK = 24;

    /** What came before the repeated block, folded. */
    private final ValueSeq folded;
    private long[] block = new long[BLOCK], repeated = new long[BLOCK];
    private int fill;
    /** How many times in a row {@link #repeated} came, 0 before the first full block. */
    private long repeats;
    private boolean dropped;

    /** @param first the value the field had at every one of the stack's {@code calls} calls so far */
    OwnValues(long first, long calls) {
        folded = ValueSeq.ofElements(List.of(new ValueSeq.Run(first, 0, calls)));
    }

    void add(long v) {
        if (dropped) return;
        block[fill++] = v;
        if (fill < BLOCK) return;
        fill = 0;
        if (repeats > 0 && Arrays.equals(block, repeated)) {
            repeats++;
            return;
        }
        foldRepeated();
        long[] t = repeated;
        repeated = block;
        block = t;
        repeats = 1;
        if (folded.closedElementCount() > StackSummary.MAX_ELEMENTS) dropped = true;
    }

    /** Moves the repeated block, as a repetition, into {@link #folded}. */
    private void foldRepeated() {
        if (repeats == 0) return;
        folded.appendAll(repeatedBlock());
        repeats = 0;
    }

    /** {@link #repeated} {@link #repeats} times, folded. */
    private ValueSeq repeatedBlock() {
        ValueSeq once = new ValueSeq();
        for (long x : repeated) once.append(x);
        return ValueSeq.ofElements(List.of(ValueSeq.repetition(repeats, once.elements())));
    }

    /** Every value so far, folded; null when they did not fold into {@link StackSummary#MAX_ELEMENTS} elements. */
    ValueSeq values() {
        if (dropped) return null;
        ValueSeq all = ValueSeq.ofElements(folded.elements());
        if (repeats > 0) all.appendAll(repeatedBlock());
        for (int i = 0; i < fill; i++) all.append(block[i]);
        return all.closedElementCount() > StackSummary.MAX_ELEMENTS ? null : all;
    }
}
