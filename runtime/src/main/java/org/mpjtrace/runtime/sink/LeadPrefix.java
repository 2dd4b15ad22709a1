package org.mpjtrace.runtime.sink;

import java.util.Arrays;
import java.util.List;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.fold.EventNode;
import org.mpjtrace.trace.fold.EventRecords;
import org.mpjtrace.trace.fold.TraceExpansion;
import org.mpjtrace.trace.fold.TraceNode;

/**
 * The calls a non-lead on its own loop made before it proposed the loop, given back by its lead at
 * MPI.Finalize when the non-lead turns out to have made other calls than its lead since (its loop changed,
 * or it left it): the non-lead dropped its trace when it was clustered, and its lead's calls have stood
 * for its own since, as they still do here (the ranks clustered on their signatures up to their
 * proposals). The lead expands its first n calls as records of the non-lead's (peers turned round to the
 * non-lead, as expanding a clustered trace for it would), each with its node's mean
 * compute time in the enter word and mean inside time in the exit word; the non-lead lays them out from its
 * own time origin and folds them. The proposal comes early in a run (rank 0's call 64 to 128 on the
 * examples), so n stays small: at most {@link #MAX_CALLS}.
 */
final class LeadPrefix {
    /** The most calls a lead gives back: 6 MB of records. */
    static final int MAX_CALLS = 1 << 16;

    private LeadPrefix() {}

    /** The first {@code n} calls of {@code nodes} (fewer if there are fewer, at most {@link #MAX_CALLS}) as records of rank {@code member}'s. */
    static long[] records(List<TraceNode> nodes, long n, int member, int worldSize) {
        int limit = (int) Math.max(0, Math.min(n, MAX_CALLS));
        long[] out = new long[limit * Event.WORDS];
        int[] count = {0};
        TraceExpansion.expand(nodes, (EventNode e, long[] values) -> {
            int base = count[0]++ * Event.WORDS;
            EventRecords.toRecord(e.op(), e.thread(), e.site(), e.stack(), values, member, worldSize, out, base);
            out[base + Event.W_ENTER] = Math.round(e.compute().mean());
            out[base + Event.W_EXIT] = Math.round(e.inside().mean());
        }, limit);
        return Arrays.copyOf(out, count[0] * Event.WORDS);
    }

    /** Appends {@link #records}' calls to {@code sink}, their times laid out one after the other from {@code origin}. */
    static void appendFrom(long origin, long[] records, RecordSink sink) {
        long[] record = new long[Event.WORDS];
        long t = origin;
        for (int base = 0; base + Event.WORDS <= records.length; base += Event.WORDS) {
            System.arraycopy(records, base, record, 0, Event.WORDS);
            long enter = t + Math.max(0, records[base + Event.W_ENTER]);
            t = enter + Math.max(0, records[base + Event.W_EXIT]);
            record[Event.W_ENTER] = enter;
            record[Event.W_EXIT] = t;
            sink.append(record, 0);
        }
    }
}
