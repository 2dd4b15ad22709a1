package org.mpjtrace.cli.phases;

import java.util.List;

/**
 * One phase: a segment of the tree cut at threshold t, mapped back to the rank's calls.
 *
 * @param index      0, 1, ... in call order
 * @param segment    the tree node it is
 * @param firstCall  the index of its first call in the rank's calls
 * @param lastCall   the index of its last call
 * @param patterns   the pattern ids it holds, in order of first occurrence in it
 * @param functions  the user functions its calls come from, most calls first
 * @param durationNs time inside its calls
 * @param computeNs  time between its calls (each call's compute time before it)
 */
public record Phase(int index, Segment segment, int firstCall, int lastCall, List<Integer> patterns,
                   List<FunctionCalls> functions, long durationNs, long computeNs) {

    /** A user function (Class.method) and how many of the phase's calls it made. */
    public record FunctionCalls(String name, int calls) {}

    public int calls() {
        return lastCall - firstCall + 1;
    }
}
