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
 * path. Beside them, per stack, the rank's own values of {@link StackSummary#OWN_FIELDS} in call order
 * (peers relative, as the trace keeps them): one value while it never changed, a compare a call; then
 * {@link OwnValues}, a store a call and a compare a block while the values repeat, no allocation. A
 * non-lead's Stencil2D record costs 43 ns of fold-thread time so, against 19 ns before own values were
 * kept and 93 ns with every value appended to a value sequence (FoldBenchmark, docs/benchmarks.md); the
 * communicator, kept too since format 22, made it 62.8 ns against 60.3 ns on a slower day.
 */
final class StackSummaries {
    private static final int INITIAL = 32;
    private static final Field[] FIELDS = StackSummary.OWN_FIELDS.toArray(new Field[0]);
    private static final int F = FIELDS.length;

    private final int rank, worldSize;

    private long[] stacks = new long[INITIAL];
    /** Calls per slot; 0 marks a free slot. */
    private long[] calls = new long[INITIAL];
    private long[] computeNanos = new long[INITIAL];
    private int[] peers = new int[INITIAL], peers2 = new int[INITIAL];
    /** Per slot: bit f set when field f of the stack's op is a peer kept relative (a stack is one op). */
    private int[] relative = new int[INITIAL];
    /** Per slot i, field f at [i * F + f]: the value of every call so far, until one differs. */
    private long[] first = new long[INITIAL * F];
    /** Per slot and field, as {@link #first}: null while the value never changed, then its values. */
    private OwnValues[] values = new OwnValues[INITIAL * F];
    private int size;

    StackSummaries(int rank, int worldSize) {
        this.rank = rank;
        this.worldSize = worldSize;
    }

    /** One record, and the compute time before it (from its thread's previous call's exit: {@link ThreadExits}). */
    void add(long[] w, int base, long compute) {
        long stack = StackSummary.key(Event.stack(w, base), Event.thread(w, base));
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
                int op = Event.opCode(w, base), bits = 0;
                for (int f = 0; f < F; f++) if (RelativePeers.isRelative(op, FIELDS[f])) bits |= 1 << f;
                relative[i] = bits;
                for (int f = 0; f < F; f++) first[i * F + f] = stored(bits, f, w, base);
                size++;
                return;
            }
            if (stacks[i] == stack) {
                calls[i]++;
                computeNanos[i] += compute;
                if (peers[i] != peer) peers[i] = StackSummary.VARIES;
                if (peers2[i] != peer2) peers2[i] = StackSummary.VARIES;
                int bits = relative[i];
                for (int f = 0, at = i * F; f < F; f++, at++) {
                    long v = stored(bits, f, w, base);
                    OwnValues own = values[at];
                    if (own != null) own.add(v);
                    else if (v != first[at]) (values[at] = new OwnValues(first[at], calls[i] - 1)).add(v);
                }
                return;
            }
        }
    }

    /** The record's value of field f as the trace stores it: relative to the rank where {@code relativeBits} says so. */
    private long stored(int relativeBits, int f, long[] w, int base) {
        long v = FIELDS[f].read(w, base);
        return (relativeBits & (1 << f)) != 0 ? RelativePeers.encode(v, rank, worldSize) : v;
    }

    /** The summaries, by stack signature. */
    List<StackSummary> summaries() {
        List<StackSummary> out = new ArrayList<>(size);
        for (int i = 0; i < stacks.length; i++) {
            if (calls[i] == 0) continue;
            Map<Field, ValueSeq> own = new EnumMap<>(Field.class);
            for (int f = 0, at = i * F; f < F; f++, at++) {
                ValueSeq v = values[at] == null ? ValueSeq.ofElements(List.of(new ValueSeq.Run(first[at], 0, calls[i]))) : values[at].values();
                if (v != null) own.put(FIELDS[f], v);
            }
            out.add(new StackSummary(stacks[i], calls[i], computeNanos[i], peers[i], peers2[i], own));
        }
        out.sort(Comparator.comparingLong(StackSummary::stack));
        return out;
    }

    private void grow() {
        long[] oldStacks = stacks, oldCalls = calls, oldCompute = computeNanos;
        int[] oldPeers = peers, oldPeers2 = peers2;
        long[] oldFirst = first;
        int[] oldRelative = relative;
        OwnValues[] oldValues = values;
        int n = oldStacks.length * 2, mask = n - 1;
        stacks = new long[n];
        calls = new long[n];
        computeNanos = new long[n];
        peers = new int[n];
        peers2 = new int[n];
        first = new long[n * F];
        relative = new int[n];
        values = new OwnValues[n * F];
        for (int j = 0; j < oldStacks.length; j++) {
            if (oldCalls[j] == 0) continue;
            int i = slot(oldStacks[j], mask);
            while (calls[i] != 0) i = (i + 1) & mask;
            stacks[i] = oldStacks[j];
            calls[i] = oldCalls[j];
            computeNanos[i] = oldCompute[j];
            peers[i] = oldPeers[j];
            peers2[i] = oldPeers2[j];
            relative[i] = oldRelative[j];
            System.arraycopy(oldFirst, j * F, first, i * F, F);
            System.arraycopy(oldValues, j * F, values, i * F, F);
        }
    }

    /** Stack signatures are already well-mixed hashes: their low bits serve as the slot. */
    private static int slot(long stack, int mask) {
        return (int) (stack ^ (stack >>> 32)) & mask;
    }
}
