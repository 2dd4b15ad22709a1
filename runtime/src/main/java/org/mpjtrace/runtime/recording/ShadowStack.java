package org.mpjtrace.runtime.recording;

import org.mpjtrace.trace.CallPath;

/**
 * One thread's calling context as the rewritten code reports it: the call sites of the wrapped calls
 * (application calls that can reach MPJ) the thread is inside, innermost on top. A fixed array, so
 * pushing never allocates; calls nested deeper than its capacity are counted but not recorded.
 *
 * <p>Used only by its own thread: rewritten code pushes and pops through org.mpjtrace.runtime.Context,
 * and the thread's recorder reads the same stack ({@link #ofCurrentThread}), from before MPI.Init bound
 * the thread to a rank and after.
 */
public final class ShadowStack {
    /** Deeper than any sane MPI program's wrapped calls; 1 KiB per thread that makes them. */
    public static final int CAPACITY = 256;

    private static final ThreadLocal<ShadowStack> CURRENT = ThreadLocal.withInitial(ShadowStack::new);

    private final int[] frames = new int[CAPACITY];
    private int depth;

    /** The calling thread's stack: one ThreadLocal lookup, no allocation after the thread's first. */
    public static ShadowStack ofCurrentThread() {
        return CURRENT.get();
    }

    /** Enters a wrapped call made at call site {@code site}; returns the depth before it, for {@link #pop}. */
    public int push(int site) {
        int d = depth;
        if (d < CAPACITY) frames[d] = site;
        depth = d + 1;
        return d;
    }

    /**
     * Leaves a wrapped call: back to the depth {@link #push} returned. Setting rather than decrementing
     * repairs the stack after a callee threw past the pops of calls nested inside it.
     */
    public void pop(int depthBefore) {
        depth = depthBefore;
    }

    public int depth() {
        return depth;
    }

    /** The call site of the caller {@code distance} calls out from the top (0 = nearest), or UNRECORDED. */
    public int caller(int distance) {
        int at = depth - 1 - distance;
        return at < CAPACITY ? frames[at] : CallPath.UNRECORDED;
    }
}
