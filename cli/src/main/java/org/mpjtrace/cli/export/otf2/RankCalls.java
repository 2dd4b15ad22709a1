package org.mpjtrace.cli.export.otf2;

import java.util.Arrays;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fold.EventRecords;
import org.mpjtrace.trace.global.GlobalExpansion;

/**
 * One rank's calls, one record at a time, with enter and exit in ns from the rank's MPI.Init. A rank
 * section that keeps its records (mode dump, or keepDump) gives them with their measured times. Otherwise
 * the calls are rebuilt from the compressed trace ({@link GlobalExpansion}) with synthetic times: a call
 * starts the mean of its compute histogram after its thread's previous call ended and lasts the mean of
 * its time-inside histogram, every thread starting at 0. A rebuilt call is written into one reused
 * 12-word record, so a rank standing for billions of calls streams in constant memory.
 */
final class RankCalls {

    /** Sees one call: its record at {@code base} of {@code words}, enter and exit from the rank's Init. */
    interface Visitor {
        void call(long[] words, int base, long enter, long exit);
    }

    private RankCalls() {}

    static void forEach(TraceFile trace, RankTrace section, Visitor v) {
        if (trace.global() == null || section.eventCount() > 0) {
            long[] w = section.words();
            long origin = section.initNanos();
            for (int i = 0; i < section.eventCount(); i++) {
                int base = RankTrace.base(i);
                v.call(w, base, Event.enter(w, base) - origin, Event.exit(w, base) - origin);
            }
            return;
        }
        long[] record = new long[Event.WORDS];
        int rank = section.rank(), worldSize = trace.meta().worldSize();
        long[][] threadEnd = {new long[1]};
        GlobalExpansion.expand(trace.global(), rank, (event, values) -> {
            EventRecords.toRecord(event.op(), event.thread(), event.site(), event.stack(), values, rank, worldSize, record, 0);
            int t = event.thread();
            if (t >= threadEnd[0].length) threadEnd[0] = Arrays.copyOf(threadEnd[0], t + 1);
            long enter = threadEnd[0][t] + Math.round(event.compute().mean());
            long exit = enter + Math.round(event.inside().mean());
            threadEnd[0][t] = exit;
            v.call(record, 0, enter, exit);
        });
    }
}
