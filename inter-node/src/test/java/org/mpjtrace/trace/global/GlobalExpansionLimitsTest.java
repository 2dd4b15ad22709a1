package org.mpjtrace.trace.global;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.Histogram;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * Rebuilding a rank's calls from a trace read from a file, whose counts need not agree with each other:
 * a loop reached more often than its counts were recorded repeats its last count (it threw
 * NoSuchElementException), and the calls of a trace standing for billions are counted up to a limit
 * in the time of the limit.
 */
class GlobalExpansionLimitsTest {
    private static final RankSet RANK0 = RankSet.single(0);

    private static GlobalEvent send() {
        List<Alternatives<ValueSeq>> fields = new ArrayList<>();
        for (int i = 0; i < Field.ALL.length; i++) fields.add(Alternatives.of(ValueSeq.of(1), RANK0));
        Histogram h = Histogram.ofSummary(1, 5, 5, 5, new long[] {5, 5, 5, 5, 5});
        return new GlobalEvent(Op.SEND.code, 0, 0, 0, RANK0, fields, h, h);
    }

    private static GlobalLoop loop(long count, GlobalNode body) {
        return new GlobalLoop(List.of(body), Alternatives.of(ValueSeq.of(count), RANK0), RANK0);
    }

    @Test
    void aLoopReachedMoreOftenThanItsCountsWereRecordedRepeatsItsLastCount() {
        // The outer loop runs twice; the inner one recorded a single count, 3.
        GlobalTrace g = new GlobalTrace(List.of(loop(2, loop(3, send()))), RANK0);
        int[] calls = {0};
        GlobalExpansion.expand(g, 0, (event, values) -> calls[0]++);
        assertEquals(6, calls[0]);
        assertEquals(6, GlobalExpansion.callsUpTo(g, 0, 100));
    }

    @Test
    void callsAreCountedUpToTheLimitOnly() {
        GlobalTrace g = new GlobalTrace(List.of(loop(1L << 40, loop(1L << 40, send()))), RANK0);
        assertEquals(1001, GlobalExpansion.callsUpTo(g, 0, 1000));
        assertEquals(0, GlobalExpansion.callsUpTo(g, 1, 1000));
    }
}
