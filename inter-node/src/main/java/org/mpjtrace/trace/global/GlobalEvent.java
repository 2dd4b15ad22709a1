package org.mpjtrace.trace.global;

import java.util.List;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.Histogram;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * An event of the merged trace: one call (op and stack signature) made by one thread of each rank
 * ({@link org.mpjtrace.trace.Event}'s thread number: 0 unless the rank's threads call MPJ at once) and the ranks that make it there;
 * each parameter as per-rank alternatives of value sequences (peers relative, see RelativePeers);
 * timing histograms over all those ranks' occurrences.
 *
 * @param fields one entry per {@link Field}, in order
 */
public record GlobalEvent(int op, int thread, int site, long stack, RankSet ranks, List<Alternatives<ValueSeq>> fields,
                          Histogram compute, Histogram inside) implements GlobalNode {

    public GlobalEvent {
        if (fields.size() != Field.ALL.length) throw new IllegalArgumentException("one entry per field");
        fields = List.copyOf(fields);
    }

    public Alternatives<ValueSeq> field(Field f) {
        return fields.get(f.ordinal());
    }

    /** What a merge matches on: the same call reached the same way, on the same thread. */
    public boolean sameCall(GlobalEvent o) {
        return o.op == op && o.stack == stack && o.thread == thread;
    }

    @Override
    public int nodeCount() {
        return 1;
    }
}
