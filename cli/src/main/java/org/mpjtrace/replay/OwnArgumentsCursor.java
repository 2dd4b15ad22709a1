package org.mpjtrace.replay;

import java.util.List;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.OwnArguments;

/**
 * Gives a rank's replayed communicator constructors and v-collectives the rank's own arguments
 * ({@link OwnArguments}, from its section of a clustered trace) in place of its lead's, in call order.
 * A call whose op is not the next run's (the rank did not behave as its lead there, or its section
 * keeps none) keeps the lead's arguments, and the runs wait for a call that matches.
 */
final class OwnArgumentsCursor {
    private final List<OwnArguments> runs;
    private int run;
    private long used;

    OwnArgumentsCursor(List<OwnArguments> runs) {
        this.runs = runs;
    }

    /** The call about to be replayed, in {@code w[b]}: takes the rank's own arguments when they are next. */
    void apply(long[] w, int b) {
        int op = Event.opCode(w, b);
        if (!OwnArguments.kept(op) || run >= runs.size()) return;
        OwnArguments next = runs.get(run);
        if (next.op() != op) return;
        next.writeInto(w, b);
        if (++used == next.repeat()) {
            run++;
            used = 0;
        }
    }
}
