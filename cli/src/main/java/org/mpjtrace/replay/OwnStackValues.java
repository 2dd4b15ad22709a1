package org.mpjtrace.replay;

import java.util.HashMap;
import java.util.Map;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.RelativePeers;
import org.mpjtrace.trace.fold.ValueSeq;

/**
 * A rank's own peers, second peers and tags per stack, in call order, where its section keeps them
 * ({@link StackSummary#peers()} and the others: where they varied and its lead's calls would give it
 * other ones), handed to its calls one by one: the k-th call at a stack gets the k-th values. A stack
 * whose values run out (a hostile file; the rules check the counts) leaves the lead's.
 */
final class OwnStackValues {
    private final Map<Long, ValueSeq.Cursor[]> cursors = new HashMap<>();
    private final int rank, worldSize;

    OwnStackValues(Iterable<StackSummary> stacks, int rank, int worldSize) {
        this.rank = rank;
        this.worldSize = worldSize;
        for (StackSummary s : stacks)
            if (s.hasValues()) cursors.put(s.stack(), new ValueSeq.Cursor[] {cursor(s.peers()), cursor(s.peers2()), cursor(s.tags())});
    }

    private static ValueSeq.Cursor cursor(ValueSeq v) {
        return v == null ? null : v.cursor();
    }

    /** Writes the rank's next own values at the record's stack, where it keeps them, into the record at {@code w[b]}. */
    void apply(long[] w, int b) {
        if (cursors.isEmpty()) return;
        ValueSeq.Cursor[] c = cursors.get(Event.stack(w, b));
        if (c == null) return;
        int op = Event.opCode(w, b);
        if (c[0] != null && c[0].hasNext()) w[b + Event.W_PEER_TAG] = Event.pack(peer(op, Field.PEER, c[0].next()), Event.tag(w, b));
        if (c[1] != null && c[1].hasNext()) w[b + Event.W_PEER2_TAG2] = Event.pack(peer(op, Field.PEER2, c[1].next()), Event.tag2(w, b));
        if (c[2] != null && c[2].hasNext()) w[b + Event.W_PEER_TAG] = Event.pack(Event.peer(w, b), (int) c[2].next());
    }

    private int peer(int op, Field field, long stored) {
        return (int) (RelativePeers.isRelative(op, field) ? RelativePeers.decode(stored, rank, worldSize) : stored);
    }
}
