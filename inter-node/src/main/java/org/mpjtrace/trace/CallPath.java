package org.mpjtrace.trace;

import java.util.Arrays;

/**
 * What one stack signature stands for: an MPJ call site and the call sites of its callers, so that a
 * 64-bit hash in an event can be shown as frames ({@code Class.method:line}). The trace's call-path
 * table holds one per signature its events carry.
 *
 * <p>A caller's call site is where the application called a method that can reach MPJ (the agent
 * wraps those calls); it sits in the same site table as MPJ call sites, its api being the application
 * method called.
 *
 * @param signature the stack signature ({@link Event#W_STACK}) of events reached this way
 * @param site      the MPJ call site id
 * @param callers   call-site ids of the callers, nearest first, at most the agent's stackDepth; empty
 *                  when the MPJ call was made with no wrapped caller on the stack, {@link #UNRECORDED}
 *                  for a caller too deep for the tracer to have recorded. Not copied: do not change it.
 */
public record CallPath(long signature, int site, int[] callers) {
    /** A caller the tracer counted but did not record (its shadow stack has a fixed capacity). */
    public static final int UNRECORDED = -1;

    // Value semantics for the array, as for every other record of the model.
    @Override
    public boolean equals(Object o) {
        return o instanceof CallPath p && p.signature == signature && p.site == site && Arrays.equals(p.callers, callers);
    }

    @Override
    public int hashCode() {
        return (Long.hashCode(signature) * 31 + site) * 31 + Arrays.hashCode(callers);
    }

    @Override
    public String toString() {
        return "CallPath[signature=" + Long.toHexString(signature) + ", site=" + site + ", callers=" + Arrays.toString(callers) + "]";
    }
}
