package org.mpjtrace.trace.fold;

import java.util.List;

/**
 * What {@link LoopFolding} needs to know about the elements it folds: when two are interchangeable
 * ("same shape"), how to start a loop from two consecutive copies of a sequence, and how to take one
 * more copy into an existing loop.
 *
 * @param <T> the element type (values of a {@link ValueSeq}, or trace nodes)
 */
interface LoopRules<T> {
    /** A hash of the element's shape: equal shapes must give equal hashes. */
    long shapeHash(T e);

    /** Whether the two elements may be folded into one loop iteration each. */
    boolean sameShape(T a, T b);

    /** {@code loop} if it is a loop element with a body of exactly {@code k} elements, else null. */
    List<T> bodyOfLoop(T loop, int k);

    /** A new loop element of two iterations: {@code first} then {@code second} (same shapes). */
    T newLoop(List<T> first, List<T> second);

    /**
     * Whether the tail may fold now, given its last element {@code tailLast} and the element of the
     * same shape it would join ({@code counterpart}). A loop at the very end may still grow; folding
     * it before it has run as long as its counterpart would split its run in two.
     */
    boolean tailReady(T counterpart, T tailLast);

    /** Takes one more iteration (same shapes as the body) into {@code loop}; {@code iteration} is a view, valid during the call only. */
    void addIteration(T loop, List<T> iteration);
}
