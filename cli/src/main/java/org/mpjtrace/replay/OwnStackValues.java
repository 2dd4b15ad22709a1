package org.mpjtrace.replay;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.RelativePeers;
import org.mpjtrace.trace.fold.ValueSeq;

/**
 * A rank's own values per stack in call order (peers, tags, counts, communicators: {@link StackSummary#own()}), where
 * its section keeps them because its lead's calls would give it other ones, handed to its calls one by
 * one: the k-th call at a stack gets the k-th values. A stack whose values run out (a hostile file; the
 * rules check the counts) leaves the lead's.
 */
final class OwnStackValues {
    private static final List<Field> FIELDS = StackSummary.OWN_FIELDS;

    /** Per stack, a cursor per field of {@link #FIELDS}, null where the rank keeps none. */
    private final Map<Long, ValueSeq.Cursor[]> cursors = new HashMap<>();
    private final int rank, worldSize;

    OwnStackValues(Iterable<StackSummary> stacks, int rank, int worldSize) {
        this.rank = rank;
        this.worldSize = worldSize;
        for (StackSummary s : stacks) {
            if (!s.hasValues()) continue;
            ValueSeq.Cursor[] c = new ValueSeq.Cursor[FIELDS.size()];
            for (int f = 0; f < c.length; f++) {
                ValueSeq v = s.own().get(FIELDS.get(f));
                if (v != null) c[f] = v.cursor();
            }
            cursors.put(s.stack(), c);
        }
    }

    /** Writes the rank's next own values at the record's stack, where it keeps them, into the record at {@code w[b]}. */
    void apply(long[] w, int b) {
        if (cursors.isEmpty()) return;
        ValueSeq.Cursor[] c = cursors.get(StackSummary.key(Event.stack(w, b), Event.thread(w, b)));
        if (c == null) return;
        int op = Event.opCode(w, b);
        for (int f = 0; f < c.length; f++) {
            if (c[f] == null || !c[f].hasNext()) continue;
            Field field = FIELDS.get(f);
            long stored = c[f].next();
            field.write(w, b, RelativePeers.isRelative(op, field) ? RelativePeers.decode(stored, rank, worldSize) : stored);
        }
    }
}
