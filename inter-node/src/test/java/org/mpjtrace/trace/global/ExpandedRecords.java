package org.mpjtrace.trace.global;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.fold.EventRecords;

/** A merged trace replayed for one rank as event records (times 0), and comparing such replays. */
final class ExpandedRecords {
    private ExpandedRecords() {}

    static List<long[]> of(GlobalTrace trace, int rank) {
        List<long[]> out = new ArrayList<>();
        GlobalExpansion.expand(trace, rank, (e, values) -> {
            long[] r = new long[Event.WORDS];
            EventRecords.toRecord(e.op(), e.thread(), e.site(), e.stack(), values, rank, org.mpjtrace.trace.fold.RankCalls.WORLD_SIZE, r, 0);
            out.add(r);
        });
        return out;
    }

    static void assertSame(List<long[]> expected, List<long[]> actual, String what) {
        assertEquals(expected.size(), actual.size(), what + ": calls");
        for (int i = 0; i < expected.size(); i++) assertArrayEquals(expected.get(i), actual.get(i), what + ": call " + i);
    }
}
