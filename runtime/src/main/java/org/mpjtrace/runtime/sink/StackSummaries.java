package org.mpjtrace.runtime.sink;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.StackSummary;

/**
 * A rank's {@link StackSummary} per stack signature over the whole run, kept by the fold thread in the
 * clustering modes whether or not the rank traces: open addressing (linear probing) from stack signature
 * to calls, compute time and peers, allocation-free except when it grows, which happens only at a new call path.
 */
final class StackSummaries {
    private static final int INITIAL = 32;

    private long[] stacks = new long[INITIAL];
    /** Calls per slot; 0 marks a free slot. */
    private long[] calls = new long[INITIAL];
    private long[] computeNanos = new long[INITIAL];
    private int[] peers = new int[INITIAL], peers2 = new int[INITIAL];
    private int size;

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
                size++;
                return;
            }
            if (stacks[i] == stack) {
                calls[i]++;
                computeNanos[i] += compute;
                if (peers[i] != peer) peers[i] = StackSummary.VARIES;
                if (peers2[i] != peer2) peers2[i] = StackSummary.VARIES;
                return;
            }
        }
    }

    /** The summaries, by stack signature. */
    List<StackSummary> summaries() {
        List<StackSummary> out = new ArrayList<>(size);
        for (int i = 0; i < stacks.length; i++) if (calls[i] != 0) out.add(new StackSummary(stacks[i], calls[i], computeNanos[i], peers[i], peers2[i]));
        out.sort(Comparator.comparingLong(StackSummary::stack));
        return out;
    }

    private void grow() {
        long[] oldStacks = stacks, oldCalls = calls, oldCompute = computeNanos;
        int[] oldPeers = peers, oldPeers2 = peers2;
        int n = oldStacks.length * 2, mask = n - 1;
        stacks = new long[n];
        calls = new long[n];
        computeNanos = new long[n];
        peers = new int[n];
        peers2 = new int[n];
        for (int j = 0; j < oldStacks.length; j++) {
            if (oldCalls[j] == 0) continue;
            int i = slot(oldStacks[j], mask);
            while (calls[i] != 0) i = (i + 1) & mask;
            stacks[i] = oldStacks[j];
            calls[i] = oldCalls[j];
            computeNanos[i] = oldCompute[j];
            peers[i] = oldPeers[j];
            peers2[i] = oldPeers2[j];
        }
    }

    /** Stack signatures are already well-mixed hashes: their low bits serve as the slot. */
    private static int slot(long stack, int mask) {
        return (int) (stack ^ (stack >>> 32)) & mask;
    }
}
