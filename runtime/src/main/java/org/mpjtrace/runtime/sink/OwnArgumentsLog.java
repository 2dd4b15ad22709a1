package org.mpjtrace.runtime.sink;

import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.OwnArguments;

/**
 * One rank's own arguments of communicator constructors and v-collectives ({@link OwnArguments}), in
 * call order, kept by the fold thread in the clustering modes whether or not the rank traces: a replay
 * gives every rank these instead of its lead's. Equal calls in a row extend the last run, so a program
 * that calls the same Allgatherv every step keeps one run; only a change of arguments adds one.
 */
final class OwnArgumentsLog {
    private final List<OwnArguments> runs = new ArrayList<>();

    void add(long[] w, int base) {
        if (!OwnArguments.kept(Event.opCode(w, base))) return;
        int last = runs.size() - 1;
        if (last >= 0 && runs.get(last).sameCall(w, base)) runs.set(last, runs.get(last).once());
        else runs.add(OwnArguments.of(w, base));
    }

    List<OwnArguments> runs() {
        return List.copyOf(runs);
    }
}
