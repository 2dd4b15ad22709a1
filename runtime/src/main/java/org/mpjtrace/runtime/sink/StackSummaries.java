package org.mpjtrace.runtime.sink;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.RelativePeers;
import org.mpjtrace.trace.fold.ValueSeq;

/**
 * A rank's {@link StackSummary} per stack signature over the whole run, kept by the fold thread in the
 * clustering modes whether or not the rank traces: open addressing (linear probing) from stack signature
 * to calls, compute time and peers, allocation-free except when it grows, which happens only at a new call
 * path. Beside them, per stack, the rank's own values of {@link StackSummary#OWN_FIELDS} in call order as value
 * sequences, which fold as the trace's parameters do (peers relative, as the trace keeps them) and are
 * dropped once one holds more than {@link StackSummary#MAX_ELEMENTS} elements: a regular pattern costs a
 * few elements, an irregular one no more than that bound. Appending allocates only when a run closes.
 */
final class StackSummaries {
    private static final int INITIAL = 32;
    private static final List<Field> FIELDS = StackSummary.OWN_FIELDS;

    private final int rank, worldSize;

    private long[] stacks = new long[INITIAL];
    /** Calls per slot; 0 marks a free slot. */
    private long[] calls = new long[INITIAL];
    private long[] computeNanos = new long[INITIAL];
    private int[] peers = new int[INITIAL], peers2 = new int[INITIAL];
    /** Per field, per slot: the own values so far, or null once dropped as irregular. */
    private ValueSeq[][] values = new ValueSeq[FIELDS.size()][INITIAL];
    private int size;

    StackSummaries(int rank, int worldSize) {
        this.rank = rank;
        this.worldSize = worldSize;
    }

    /** One record, and the compute time before it (from the rank's previous call's exit). */
    void add(long[] w, int base, long compute) {
        long stack = Event.stack(w, base);
        int peer = Event.peer(w, base), peer2 = Event.peer2(w, base);
        int mask = stacks.length - 1;
        for (int i = slot(stack, mask); ; i = (i + 1) & mask) {
            if (calls[i] == 0) {
                if (2 * (size + 1) > stacks.length) {
                    grow();
                    add(w, base, compute);
                    return;
                }
                stacks[i] = stack;
                calls[i] = 1;
                computeNanos[i] = compute;
                peers[i] = peer;
                peers2[i] = peer2;
                for (ValueSeq[] field : values) field[i] = new ValueSeq();
                appendValues(i, w, base);
                size++;
                return;
            }
            if (stacks[i] == stack) {
                calls[i]++;
                computeNanos[i] += compute;
                if (peers[i] != peer) peers[i] = StackSummary.VARIES;
                if (peers2[i] != peer2) peers2[i] = StackSummary.VARIES;
                appendValues(i, w, base);
                return;
            }
        }
    }

    /** Appends the record's fields (stored as the trace stores them for its op: peers relative) to slot i's own values. */
    private void appendValues(int i, long[] w, int base) {
        int op = Event.opCode(w, base);
        for (int f = 0; f < FIELDS.size(); f++) {
            Field field = FIELDS.get(f);
            long v = field.read(w, base);
            append(f, i, RelativePeers.isRelative(op, field) ? RelativePeers.encode(v, rank, worldSize) : v);
        }
    }

    private void append(int field, int i, long value) {
        ValueSeq v = values[field][i];
        if (v == null) return;
        v.append(value);
        if (v.closedElementCount() > StackSummary.MAX_ELEMENTS) values[field][i] = null;
    }

    /** The summaries, by stack signature. */
    List<StackSummary> summaries() {
        List<StackSummary> out = new ArrayList<>(size);
        for (int i = 0; i < stacks.length; i++) {
            if (calls[i] == 0) continue;
            Map<Field, ValueSeq> own = new EnumMap<>(Field.class);
            for (int f = 0; f < FIELDS.size(); f++) if (values[f][i] != null) own.put(FIELDS.get(f), copy(values[f][i]));
            out.add(new StackSummary(stacks[i], calls[i], computeNanos[i], peers[i], peers2[i], own));
        }
        out.sort(Comparator.comparingLong(StackSummary::stack));
        return out;
    }

    /** A sequence the fold thread will not append to again: the summaries are read at Finalize, or a copy is made. */
    private static ValueSeq copy(ValueSeq v) {
        return v == null ? null : ValueSeq.ofElements(v.elements());
    }

    private void grow() {
        long[] oldStacks = stacks, oldCalls = calls, oldCompute = computeNanos;
        int[] oldPeers = peers, oldPeers2 = peers2;
        ValueSeq[][] oldValues = values;
        int n = oldStacks.length * 2, mask = n - 1;
        stacks = new long[n];
        calls = new long[n];
        computeNanos = new long[n];
        peers = new int[n];
        peers2 = new int[n];
        values = new ValueSeq[FIELDS.size()][n];
        for (int j = 0; j < oldStacks.length; j++) {
            if (oldCalls[j] == 0) continue;
            int i = slot(oldStacks[j], mask);
            while (calls[i] != 0) i = (i + 1) & mask;
            stacks[i] = oldStacks[j];
            calls[i] = oldCalls[j];
            computeNanos[i] = oldCompute[j];
            peers[i] = oldPeers[j];
            peers2[i] = oldPeers2[j];
            for (int f = 0; f < values.length; f++) values[f][i] = oldValues[f][j];
        }
    }

    /** Stack signatures are already well-mixed hashes: their low bits serve as the slot. */
    private static int slot(long stack, int mask) {
        return (int) (stack ^ (stack >>> 32)) & mask;
    }
}
